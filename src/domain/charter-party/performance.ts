/**
 * Charter-party performance of one voyage by two methods a chartering manager can set side by side.
 *
 * 1. The good-weather method, as London arbitration applies it (The "Didymi" [1988] 2 Lloyd's Rep 108; The
 *    "Gas Enterprise" [1993] 2 Lloyd's Rep 352; The "Ocean Virgo" [2015] EWHC 2863 (Comm)): the ship's
 *    performance in the good-weather days is taken as its performance over the whole voyage.
 *    - good-weather speed V_gw = Σ distance / Σ steaming hours, consumption C_gw = 24 · Σ fuel / Σ steaming
 *      hours, over the good-weather days;
 *    - time lost = D / V_gw − D / (V_w − a_v) when V_gw < V_w − a_v, D the covered voyage's distance, V_w the
 *      warranted speed and a_v the 'about' allowance;
 *    - over-consumption = (C_gw − C_w·(1 + a_c)) · (D / V_gw) / 24 when C_gw exceeds warranty plus 'about';
 *      under-consumption = (C_w·(1 − a_c) − C_gw) · (D / V_gw) / 24 when it is below warranty less 'about'.
 *    The covered voyage is its sea passages: periods at sea between departure (full away, COSP) and arrival
 *    (EOSP); time in port, at anchor and drifting is excluded; a stoppage's steaming hours count, its
 *    idle hours do not.
 * 2. A weather-corrected method: every covered sea day brought to calm water by the ISO 15016 correction the
 *    hull analysis uses (`isoAddedPowerKw`: wind R_AA and STAwave-1 added power ΔP). At the day's power P the
 *    calm-water speed is V·(P / (P − ΔP))^(1/n) (n the speed–power exponent of the ship's reference curve, 3 by
 *    the admiralty law, reference-data.md §11); at the day's speed the calm-water fuel is fuel·(P − ΔP)/P
 *    (SFOC taken equal over the small power change). Speed is through the water where the day has it, so a
 *    current is removed too. The same warranty and formulas apply to the corrected means.
 */
import { isoAddedPowerKw, type WeatherShip } from "../hull/weather-penalty.js";
import { judgeDay } from "./good-weather.js";
import type { SeaDay } from "./sea-days.js";
import {
  allowedMaxConsumption,
  allowedMinConsumption,
  allowedSpeedKn,
  type CharterPartyTerms,
} from "./terms.js";

/** The weather-corrected method needs the correction on at least this share of the covered sea hours. */
export const WEATHER_CORRECTED_MIN_SHARE = 0.5;
/** The admiralty law's speed–power exponent (P ∝ V³), used where the ship has no reference curve. */
export const ADMIRALTY_EXPONENT = 3;

export type CpDay = {
  from: number;
  to: number;
  hours: number;
  steamingHours: number;
  distanceNm: number;
  speedKn: number | null;
  consumptionTonnes: number;
  beaufort: number | null;
  douglas: number | null;
  /** Part of the covered sea passages. */
  covered: boolean;
  goodWeather: boolean;
  reason: string;
};

export type CpStatus = "on_warranty" | "at_risk" | "under_performing" | "insufficient_good_weather";

export type CpMethodFigures = {
  speedKn: number;
  consumptionTonnesPerDay: number;
  timeLostHours: number;
  overConsumptionTonnes: number;
  underConsumptionTonnes: number;
};

export type CpPerformance = {
  terms: CharterPartyTerms;
  goodWeather: {
    days: number;
    hours: number;
    distanceNm: number;
    speedKn: number | null;
    consumptionTonnesPerDay: number | null;
  };
  voyage: { seaHours: number; distanceNm: number };
  /** Null when the voyage has too little good weather for the method (reasons say so). */
  timeLostHours: number | null;
  overConsumptionTonnes: number | null;
  underConsumptionTonnes: number | null;
  /** The claim in money: null when a price it needs is not set, or there is no figure to value. */
  claim: { hire: number; fuel: number; total: number; currency: string } | null;
  weatherCorrected: (CpMethodFigures & { days: number; hours: number }) | null;
  /** Per warranted grade (terms.gradeConsumption), by the good-weather method; empty without such lines. */
  byGrade: {
    grade: string;
    warrantedTonnesPerDay: number;
    goodWeatherTonnesPerDay: number;
    overConsumptionTonnes: number;
    underConsumptionTonnes: number;
  }[];
  status: CpStatus;
  days: CpDay[];
  reasons: string[];
};

/** Time lost, over- and under-consumption at a speed and consumption, over the covered voyage's distance. */
export function warrantyFigures(
  terms: CharterPartyTerms,
  speedKn: number,
  consumptionTonnesPerDay: number,
  distanceNm: number,
): CpMethodFigures {
  const allowed = allowedSpeedKn(terms);
  const seaDays = distanceNm / speedKn / 24;
  return {
    speedKn,
    consumptionTonnesPerDay,
    timeLostHours: speedKn < allowed ? distanceNm / speedKn - distanceNm / allowed : 0,
    overConsumptionTonnes: Math.max(0, consumptionTonnesPerDay - allowedMaxConsumption(terms)) * seaDays,
    underConsumptionTonnes: Math.max(0, allowedMinConsumption(terms) - consumptionTonnesPerDay) * seaDays,
  };
}

/** The status of a voyage's figures against its warranty. */
export function cpStatusOf(terms: CharterPartyTerms, f: CpMethodFigures | null): CpStatus {
  if (f === null) return "insufficient_good_weather";
  if (f.timeLostHours > 0 || f.overConsumptionTonnes > 0) return "under_performing";
  // within the 'about' allowances but short of the warranted figures themselves
  if (f.speedKn < terms.speedKn || f.consumptionTonnesPerDay > terms.consumptionTonnesPerDay)
    return "at_risk";
  return "on_warranty";
}

function claimOf(
  terms: CharterPartyTerms,
  f: CpMethodFigures,
  byGrade: CpPerformance["byGrade"],
  reasons: string[],
): CpPerformance["claim"] {
  const needsHire = f.timeLostHours > 0;
  // with grade lines each grade's over-consumption at its own price (else the bunker price); else the total
  const fuelLines =
    byGrade.length > 0
      ? byGrade.map((g) => ({
          tonnes: g.overConsumptionTonnes,
          price:
            terms.gradeConsumption.find((l) => l.grade === g.grade)?.pricePerTonne ??
            terms.bunkerPricePerTonne,
        }))
      : [{ tonnes: f.overConsumptionTonnes, price: terms.bunkerPricePerTonne }];
  const unpriced = fuelLines.some((l) => l.tonnes > 0 && l.price === null);
  if (needsHire && terms.hireRatePerDay === null) reasons.push("Set the hire rate to value the time lost.");
  if (unpriced) reasons.push("Set the bunker price to value the over-consumption.");
  if ((needsHire && terms.hireRatePerDay === null) || unpriced) return null;
  const hire = needsHire ? (f.timeLostHours / 24) * terms.hireRatePerDay! : 0;
  const fuel = fuelLines.reduce((s, l) => s + (l.tonnes > 0 ? l.tonnes * l.price! : 0), 0);
  return { hire, fuel, total: hire + fuel, currency: terms.currency };
}

/** Each warranted grade's good-weather rate against its own line, over the covered voyage at V_gw. */
function gradeFigures(
  terms: CharterPartyTerms,
  good: readonly SeaDay[],
  gwHours: number,
  f: CpMethodFigures,
  distanceNm: number,
): CpPerformance["byGrade"] {
  const seaDays = distanceNm / f.speedKn / 24;
  const about = terms.aboutConsumptionPercent / 100;
  return terms.gradeConsumption.map((line) => {
    const burnt = good.reduce((s, p) => s + (p.fuelByGrade[line.grade] ?? 0), 0);
    const rate = (24 * burnt) / gwHours;
    return {
      grade: line.grade,
      warrantedTonnesPerDay: line.tonnesPerDay,
      goodWeatherTonnesPerDay: rate,
      overConsumptionTonnes: Math.max(0, rate - line.tonnesPerDay * (1 + about)) * seaDays,
      underConsumptionTonnes: Math.max(0, line.tonnesPerDay * (1 - about) - rate) * seaDays,
    };
  });
}

export type CpShip = WeatherShip & {
  /** Speed–power exponent of the ship's reference curve near its service speed; null for the admiralty law. */
  speedPowerExponent: number | null;
};

/** Calm-water speed and fuel of one covered sea day, or null when the correction cannot be applied. */
function correctedDay(day: SeaDay, ship: CpShip): { speedKn: number; fuelTonnes: number } | null {
  if (day.steamingHours <= 0 || day.powerKw === null || day.powerKw <= 0) return null;
  const sog = day.distanceNm / day.steamingHours;
  const stw = day.stwKn ?? sog;
  const added = isoAddedPowerKw(
    {
      hours: day.steamingHours,
      fuelT: day.fuelTonnes,
      powerKw: day.powerKw,
      stwKn: stw,
      windSpeedKn: day.windSpeedKn,
      windDirectionDeg: day.windDirectionDeg,
      waveHeightM: day.waveHeightM,
      seaState: day.douglas,
      headingDeg: day.headingDeg,
    },
    ship,
  );
  if (added === null) return null;
  const calm = day.powerKw - added;
  const n = ship.speedPowerExponent ?? ADMIRALTY_EXPONENT;
  return {
    speedKn: stw * (day.powerKw / calm) ** (1 / n),
    fuelTonnes: (day.fuelTonnes * calm) / day.powerKw,
  };
}

/** The charter-party performance of a voyage's periods under its terms. */
export function charterPartyPerformance(
  periods: readonly SeaDay[],
  terms: CharterPartyTerms,
  ship: CpShip,
): CpPerformance {
  const reasons: string[] = [];
  const judged = periods.map((p) => ({ p, j: judgeDay(p, terms.goodWeather) }));
  const days: CpDay[] = judged.map(({ p, j }) => ({
    from: p.from,
    to: p.to,
    hours: p.periodHours,
    steamingHours: p.steamingHours,
    distanceNm: p.distanceNm,
    speedKn: p.steamingHours > 0 ? p.distanceNm / p.steamingHours : null,
    consumptionTonnes: p.fuelTonnes,
    // what the rule judged: under the whole-day rule the day's worst hour, else its mean
    beaufort: terms.goodWeather.wholeDay ? p.beaufortMax : p.beaufort,
    douglas: terms.goodWeather.wholeDay ? p.douglasMax : p.douglas,
    covered: p.state === "sea",
    goodWeather: j.goodWeather,
    reason: j.reason,
  }));
  const covered = periods.filter((p) => p.state === "sea");
  const voyage = {
    seaHours: covered.reduce((s, p) => s + p.steamingHours, 0),
    distanceNm: covered.reduce((s, p) => s + p.distanceNm, 0),
  };
  const good = judged.filter((d) => d.j.goodWeather).map((d) => d.p);
  const gwHours = good.reduce((s, p) => s + p.steamingHours, 0);
  const gwDistance = good.reduce((s, p) => s + p.distanceNm, 0);
  const gwFuel = good.reduce((s, p) => s + p.fuelTonnes, 0);
  const goodWeather = {
    days: good.length,
    hours: gwHours,
    distanceNm: gwDistance,
    speedKn: gwHours > 0 ? gwDistance / gwHours : null,
    consumptionTonnesPerDay: gwHours > 0 ? (24 * gwFuel) / gwHours : null,
  };

  let figures: CpMethodFigures | null = null;
  if (voyage.seaHours <= 0 || voyage.distanceNm <= 0)
    reasons.push("The voyage has no sea passage in its reports yet.");
  else if (gwHours < terms.minGoodWeatherHours || gwHours < terms.minGoodWeatherShare * voyage.seaHours)
    reasons.push(
      `Too little good weather for the method: ${gwHours.toFixed(1)} h in ${good.length} day(s), the least is ` +
        `${terms.minGoodWeatherHours} h${terms.minGoodWeatherShare > 0 ? ` and ${Math.round(terms.minGoodWeatherShare * 100)} % of the sea time` : ""}.`,
    );
  else if (goodWeather.speedKn! > 0)
    figures = warrantyFigures(
      terms,
      goodWeather.speedKn!,
      goodWeather.consumptionTonnesPerDay!,
      voyage.distanceNm,
    );

  let weatherCorrected: CpPerformance["weatherCorrected"] = null;
  const corrections = covered
    .map((p) => ({ p, c: correctedDay(p, ship) }))
    .filter((x): x is { p: SeaDay; c: { speedKn: number; fuelTonnes: number } } => x.c !== null);
  const correctedHours = corrections.reduce((s, x) => s + x.p.steamingHours, 0);
  if (voyage.seaHours > 0 && correctedHours >= WEATHER_CORRECTED_MIN_SHARE * voyage.seaHours) {
    const speed = corrections.reduce((s, x) => s + x.c.speedKn * x.p.steamingHours, 0) / correctedHours;
    const rate = (24 * corrections.reduce((s, x) => s + x.c.fuelTonnes, 0)) / correctedHours;
    weatherCorrected = {
      ...warrantyFigures(terms, speed, rate, voyage.distanceNm),
      days: corrections.length,
      hours: correctedHours,
    };
  } else if (voyage.seaHours > 0)
    reasons.push(
      `The weather-corrected method needs power, speed through water or over ground, wind direction and heading ` +
        `on at least ${WEATHER_CORRECTED_MIN_SHARE * 100} % of the sea time; ${((100 * correctedHours) / voyage.seaHours).toFixed(0)} % has them.`,
    );

  const byGrade = figures ? gradeFigures(terms, good, gwHours, figures, voyage.distanceNm) : [];
  return {
    terms,
    goodWeather,
    voyage,
    timeLostHours: figures?.timeLostHours ?? null,
    overConsumptionTonnes: figures?.overConsumptionTonnes ?? null,
    underConsumptionTonnes: figures?.underConsumptionTonnes ?? null,
    claim: figures ? claimOf(terms, figures, byGrade, reasons) : null,
    weatherCorrected,
    byGrade,
    status: cpStatusOf(terms, figures),
    days,
    reasons,
  };
}
