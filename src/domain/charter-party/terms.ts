/**
 * Charter-party terms: what a time charter warrants of the ship's speed and daily consumption, 'about' so
 * many knots and tonnes, in good weather (issue 33).
 *
 * The defaults are the common reading of a time charter's performance clause in London arbitration and in
 * the trade's weather-routing performance reports (e.g. The "Didymi" [1988] 2 Lloyd's Rep 108; The "Gas
 * Enterprise" [1993] 2 Lloyd's Rep 352; The "Ocean Virgo" [2015] EWHC 2863 (Comm)): 'about' allows 0.5 kn on
 * speed and 5 % on consumption; good weather is wind up to Beaufort force 4 and sea up to Douglas sea state
 * 3. They are defaults only: the charter's own words decide, and every figure below is configurable.
 */

/** Speed allowance of 'about', kn (the usual reading; the charter may set another or none). */
export const DEFAULT_ABOUT_SPEED_KN = 0.5;
/** Consumption allowance of 'about', % of the warranted consumption. */
export const DEFAULT_ABOUT_CONSUMPTION_PERCENT = 5;
/** Good weather: wind up to this Beaufort force. */
export const DEFAULT_GOOD_WEATHER_MAX_BEAUFORT = 4;
/** Good weather: sea up to this Douglas sea state degree. */
export const DEFAULT_GOOD_WEATHER_MAX_DOUGLAS = 3;
/** The usual minimum of good weather before the method is applied: one whole good-weather day, h. */
export const DEFAULT_MIN_GOOD_WEATHER_HOURS = 24;

export const CP_CONDITIONS = ["laden", "ballast"] as const;
export type CpCondition = (typeof CP_CONDITIONS)[number];

export type GoodWeatherRule = {
  maxBeaufort: number;
  maxDouglas: number;
  /** Significant wave height limit, m, where the charter sets one; null for none. */
  maxWaveHeightM: number | null;
  /**
   * Adverse current limit, kn (speed over ground less speed through water below minus this is adverse);
   * null when the charter does not exclude current.
   */
  maxAdverseCurrentKn: number | null;
  /** Whether a day counts only when all of its hours are in good weather (the usual reading), else by its mean. */
  wholeDay: boolean;
};

export type CharterPartyTerms = {
  condition: CpCondition;
  /** Warranted speed, kn. */
  speedKn: number;
  /** Warranted consumption of the main engine at sea, t per day (all grades). */
  consumptionTonnesPerDay: number;
  /** 'About' allowance on speed, kn; 0 where the charter gives none ('without guarantee' is not 'about'). */
  aboutSpeedKn: number;
  /** 'About' allowance on consumption, %. */
  aboutConsumptionPercent: number;
  goodWeather: GoodWeatherRule;
  /** Least good weather before the method gives a figure, h, and as a share of the covered sea time (0–1). */
  minGoodWeatherHours: number;
  minGoodWeatherShare: number;
  /**
   * Warranted consumption per fuel grade where the charter words it so ('about 28 t VLSFO plus 0.1 t LSMGO'):
   * each grade's good-weather rate is judged against its own line with the same 'about', and its
   * over-consumption valued at its own price (else the bunker price). Empty: the total alone.
   */
  gradeConsumption: { grade: string; tonnesPerDay: number; pricePerTonne: number | null }[];
  /** Hire per day and bunker price per tonne for the claim; null when not given. */
  hireRatePerDay: number | null;
  bunkerPricePerTonne: number | null;
  currency: string;
};

/** The terms with every default filled in, from what a user gave. */
export function charterPartyTerms(
  given: Pick<CharterPartyTerms, "speedKn" | "consumptionTonnesPerDay"> &
    Partial<Omit<CharterPartyTerms, "goodWeather">> & { goodWeather?: Partial<GoodWeatherRule> },
): CharterPartyTerms {
  return {
    condition: given.condition ?? "laden",
    speedKn: given.speedKn,
    consumptionTonnesPerDay: given.consumptionTonnesPerDay,
    aboutSpeedKn: given.aboutSpeedKn ?? DEFAULT_ABOUT_SPEED_KN,
    aboutConsumptionPercent: given.aboutConsumptionPercent ?? DEFAULT_ABOUT_CONSUMPTION_PERCENT,
    goodWeather: {
      maxBeaufort: given.goodWeather?.maxBeaufort ?? DEFAULT_GOOD_WEATHER_MAX_BEAUFORT,
      maxDouglas: given.goodWeather?.maxDouglas ?? DEFAULT_GOOD_WEATHER_MAX_DOUGLAS,
      maxWaveHeightM: given.goodWeather?.maxWaveHeightM ?? null,
      maxAdverseCurrentKn: given.goodWeather?.maxAdverseCurrentKn ?? null,
      wholeDay: given.goodWeather?.wholeDay ?? true,
    },
    minGoodWeatherHours: given.minGoodWeatherHours ?? DEFAULT_MIN_GOOD_WEATHER_HOURS,
    minGoodWeatherShare: given.minGoodWeatherShare ?? 0,
    gradeConsumption: given.gradeConsumption ?? [],
    hireRatePerDay: given.hireRatePerDay ?? null,
    bunkerPricePerTonne: given.bunkerPricePerTonne ?? null,
    currency: given.currency ?? "USD",
  };
}

/** The speed below which time is lost: warranted less 'about', kn. */
export const allowedSpeedKn = (t: CharterPartyTerms): number => t.speedKn - t.aboutSpeedKn;
/** The consumption above which fuel is over-consumed: warranted plus 'about', t/day. */
export const allowedMaxConsumption = (t: CharterPartyTerms): number =>
  t.consumptionTonnesPerDay * (1 + t.aboutConsumptionPercent / 100);
/** The consumption below which fuel is under-consumed: warranted less 'about', t/day. */
export const allowedMinConsumption = (t: CharterPartyTerms): number =>
  t.consumptionTonnesPerDay * (1 - t.aboutConsumptionPercent / 100);

/** The rule in words, for the screen and the statement. */
export function termsInWords(t: CharterPartyTerms): string {
  const gw = t.goodWeather;
  const parts = [
    `Warranted ${t.condition}: about ${t.speedKn} kn on about ${t.consumptionTonnesPerDay} t/day`,
    t.aboutSpeedKn > 0 || t.aboutConsumptionPercent > 0
      ? `'about' read as −${t.aboutSpeedKn} kn and +${t.aboutConsumptionPercent} %`
      : "no 'about' allowance",
    `good weather: wind up to Beaufort ${gw.maxBeaufort} and sea up to Douglas ${gw.maxDouglas}` +
      (gw.maxWaveHeightM !== null ? `, waves up to ${gw.maxWaveHeightM} m` : "") +
      (gw.maxAdverseCurrentKn !== null ? `, adverse current up to ${gw.maxAdverseCurrentKn} kn` : "") +
      (gw.wholeDay ? ", every hour of the day" : ", by the day's mean"),
  ];
  return `${parts.join("; ")}.`;
}
