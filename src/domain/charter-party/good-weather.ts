/**
 * Whether a period is a good-weather day under a charter's rule, and why not. Only whole periods at sea,
 * steaming throughout, with the wind and the sea reported, can be good-weather days: a day the rule cannot
 * judge is not assumed good.
 */
import type { SeaDay } from "./sea-days.js";
import type { GoodWeatherRule } from "./terms.js";

/**
 * A period counts as a whole day from this many hours: a noon-to-noon day is 23 or 25 h across a clock
 * change, 22 h when two changes fall together; the part days after departure and before arrival are shorter.
 */
export const WHOLE_DAY_MIN_HOURS = 22;
/** Steaming this much less than the period's hours is a stoppage (rounding of a noon report's hh:mm). */
export const STOPPAGE_TOLERANCE_HOURS = 0.25;

const STATE_WORDS = { port: "in port", anchor: "at anchor", drifting: "drifting" } as const;

export type DayJudgement = { goodWeather: boolean; reason: string };

const fmt = (v: number, digits = 1) => v.toFixed(digits);

/** The judgement of one period; `reason` is 'good weather' or the first rule the period fails. */
export function judgeDay(day: SeaDay, rule: GoodWeatherRule): DayJudgement {
  if (day.state !== "sea")
    return { goodWeather: false, reason: `not a sea passage: ${STATE_WORDS[day.state]}` };
  if (day.steamingHours < day.periodHours - STOPPAGE_TOLERANCE_HOURS)
    return {
      goodWeather: false,
      reason: `stoppage: steamed ${fmt(day.steamingHours)} of ${fmt(day.periodHours)} h`,
    };
  if (day.periodHours < WHOLE_DAY_MIN_HOURS)
    return {
      goodWeather: false,
      reason: `part day: ${fmt(day.periodHours)} h (a day needs ${WHOLE_DAY_MIN_HOURS})`,
    };
  const beaufort = rule.wholeDay ? day.beaufortMax : day.beaufort;
  const douglas = rule.wholeDay ? day.douglasMax : day.douglas;
  const wave = rule.wholeDay ? day.waveHeightMaxM : day.waveHeightM;
  const current = rule.wholeDay ? day.currentMinKn : day.currentKn;
  if (beaufort === null) return { goodWeather: false, reason: "no wind reported" };
  if (douglas === null) return { goodWeather: false, reason: "no sea state or wave height reported" };
  if (beaufort > rule.maxBeaufort)
    return { goodWeather: false, reason: `wind Beaufort ${beaufort} above ${rule.maxBeaufort}` };
  if (douglas > rule.maxDouglas)
    return { goodWeather: false, reason: `sea state Douglas ${douglas} above ${rule.maxDouglas}` };
  if (rule.maxWaveHeightM !== null) {
    if (wave === null)
      return { goodWeather: false, reason: "no wave height reported (the charter limits it)" };
    if (wave > rule.maxWaveHeightM)
      return { goodWeather: false, reason: `waves ${fmt(wave)} m above ${rule.maxWaveHeightM} m` };
  }
  if (rule.maxAdverseCurrentKn !== null) {
    if (current === null)
      return {
        goodWeather: false,
        reason: "no speed through water to tell the current (the charter excludes it)",
      };
    if (-current > rule.maxAdverseCurrentKn)
      return {
        goodWeather: false,
        reason: `adverse current ${fmt(-current)} kn above ${rule.maxAdverseCurrentKn} kn`,
      };
  }
  return { goodWeather: true, reason: "good weather" };
}
