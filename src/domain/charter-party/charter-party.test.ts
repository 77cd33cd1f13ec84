import { describe, expect, it } from "vitest";
import { DAY_MS } from "../time/units.js";
import { judgeDay } from "./good-weather.js";
import { charterPartyPerformance } from "./performance.js";
import { type CpNoonReport, type CpSensorRecord, noonReportDays, sensorDays } from "./sea-days.js";
import { charterPartyTerms } from "./terms.js";

const H = 3_600_000;
const T0 = Date.UTC(2026, 2, 1, 6);
const ship = { lengthM: 225, beamM: 32.3, speedPowerExponent: null };
// Beaufort from wind in knots (reference-data.md §11): 10 kn = force 3, 15 kn = 4, 19 kn = 5, 25 kn = 6, 30 kn = 7.
const WIND = { 2: 5, 3: 10, 4: 15, 5: 19, 6: 25, 7: 30 } as const;

type Day = {
  hours: number;
  nm: number;
  t: number;
  bf: keyof typeof WIND;
  dss: number;
  event?: CpNoonReport["event"];
};
/** Noon reports: a departure (full away) at T0, then one report per day closing `hours` after the last. */
function reports(days: Day[]): CpNoonReport[] {
  let ts = T0;
  const out: CpNoonReport[] = [
    {
      ts,
      event: "departure",
      periodHours: 48,
      steamingHours: 0,
      distanceOverGroundNm: 0,
      distanceThroughWaterNm: null,
      fuelTonnes: 0.5,
      windSpeedKn: 5,
      windDirectionDeg: null,
      seaState: 1,
      waveHeightM: null,
      headingDeg: null,
      powerKw: null,
    },
  ];
  for (const d of days) {
    ts += d.hours * H;
    out.push({
      ts,
      event: d.event ?? "noon",
      periodHours: d.hours,
      steamingHours: d.hours,
      distanceOverGroundNm: d.nm,
      distanceThroughWaterNm: null,
      fuelTonnes: d.t,
      windSpeedKn: WIND[d.bf],
      windDirectionDeg: null,
      seaState: d.dss,
      waveHeightM: null,
      headingDeg: null,
      powerKw: null,
    });
  }
  return out;
}

const terms = charterPartyTerms({
  speedKn: 14,
  consumptionTonnesPerDay: 30,
  hireRatePerDay: 12_000,
  bunkerPricePerTonne: 600,
});

describe("the good-weather method, worked by hand", () => {
  // Warranty: about 14 kn on about 30 t/day; 'about' = −0.5 kn and +5 %: allowed 13.5 kn and 31.5 t/day.
  const voyage: Day[] = [
    { hours: 24, nm: 312, t: 32.0, bf: 3, dss: 2 }, // good: 13.0 kn
    { hours: 24, nm: 300, t: 33.0, bf: 6, dss: 5 }, // bad: Beaufort 6
    { hours: 23, nm: 301.3, t: 30.4, bf: 4, dss: 3 }, // good (clock advanced: 23 h): 13.1 kn
    { hours: 25, nm: 325, t: 33.0, bf: 2, dss: 1 }, // good (clock retarded: 25 h): 13.0 kn
    { hours: 24, nm: 280, t: 34.0, bf: 7, dss: 6 }, // bad
    { hours: 10, nm: 125, t: 13.0, bf: 3, dss: 2, event: "arrival" }, // part day to end of sea passage
  ];
  const result = charterPartyPerformance(noonReportDays(reports(voyage)), terms, ship);

  it("takes the good-weather days and the covered voyage", () => {
    expect(result.days.map((d) => d.goodWeather)).toEqual([false, true, false, true, true, false, false]);
    expect(result.days[0]!.reason).toBe("not a sea passage: in port");
    expect(result.days[2]!.reason).toBe("wind Beaufort 6 above 4");
    expect(result.days[6]!.reason).toMatch(/^part day: 10\.0 h/);
    // good weather: 24 + 23 + 25 = 72 h; 312 + 301.3 + 325 = 938.3 nm; 32.0 + 30.4 + 33.0 = 95.4 t
    expect(result.goodWeather.days).toBe(3);
    expect(result.goodWeather.hours).toBe(72);
    expect(result.goodWeather.distanceNm).toBeCloseTo(938.3, 9);
    expect(result.goodWeather.speedKn).toBeCloseTo(938.3 / 72, 9); // 13.0319 kn
    expect(result.goodWeather.consumptionTonnesPerDay).toBeCloseTo((95.4 * 24) / 72, 9); // 31.8 t/day
    // the covered voyage: 24 + 24 + 23 + 25 + 24 + 10 = 130 h; 312 + 300 + 301.3 + 325 + 280 + 125 = 1643.3 nm
    expect(result.voyage).toEqual({ seaHours: 130, distanceNm: expect.closeTo(1643.3, 9) });
  });

  it("finds time lost and over-consumption over the whole voyage, and values the claim", () => {
    const vgw = 938.3 / 72;
    const timeLost = 1643.3 / vgw - 1643.3 / 13.5; // 126.099 − 121.726 = 4.373 h
    expect(result.timeLostHours).toBeCloseTo(timeLost, 9);
    expect(result.timeLostHours).toBeCloseTo(4.37, 2);
    const over = (31.8 - 31.5) * (1643.3 / vgw / 24); // 0.3 t/day × 5.254 days = 1.576 t
    expect(result.overConsumptionTonnes).toBeCloseTo(over, 9);
    expect(result.overConsumptionTonnes).toBeCloseTo(1.576, 3);
    expect(result.underConsumptionTonnes).toBe(0);
    // hire 4.373 h / 24 × 12,000 = 2,186.6; fuel 1.576 t × 600 = 945.8
    expect(result.claim!.hire).toBeCloseTo((timeLost / 24) * 12_000, 6);
    expect(result.claim!.fuel).toBeCloseTo(over * 600, 6);
    expect(result.claim!.total).toBeCloseTo((timeLost / 24) * 12_000 + over * 600, 6);
    expect(result.claim!.currency).toBe("USD");
    expect(result.status).toBe("under_performing");
  });

  it("states the claim unknown when a price it needs is not set", () => {
    const r = charterPartyPerformance(
      noonReportDays(reports(voyage)),
      { ...terms, bunkerPricePerTonne: null },
      ship,
    );
    expect(r.claim).toBeNull();
    expect(r.reasons).toContain("Set the bunker price to value the over-consumption.");
  });
});

describe("a voyage within the allowances", () => {
  // good-weather days at 13.6 kn and 29.0 t/day: above 13.5 kn, and between 28.5 and 31.5 t/day
  const voyage: Day[] = [
    { hours: 24, nm: 326.4, t: 29.0, bf: 3, dss: 2 },
    { hours: 24, nm: 326.4, t: 29.0, bf: 4, dss: 3 },
    { hours: 24, nm: 290, t: 31.0, bf: 6, dss: 5 },
  ];
  const result = charterPartyPerformance(noonReportDays(reports(voyage)), terms, ship);
  it("claims nothing, and says the ship is short of the warranted speed itself", () => {
    expect(result.goodWeather.speedKn).toBeCloseTo(13.6, 9);
    expect(result.timeLostHours).toBe(0);
    expect(result.overConsumptionTonnes).toBe(0);
    expect(result.underConsumptionTonnes).toBe(0);
    expect(result.claim).toEqual({ hire: 0, fuel: 0, total: 0, currency: "USD" });
    expect(result.status).toBe("at_risk");
  });
  it("states an under-consumption below warranty less 'about'", () => {
    const lean = voyage.map((d) => ({ ...d, t: d.t - 2 })); // 27.0 t/day in good weather, 1.5 below 28.5
    const r = charterPartyPerformance(noonReportDays(reports(lean)), terms, ship);
    // (28.5 − 27.0) × (942.8 nm / 13.6 kn / 24) = 1.5 × 2.8885 days = 4.333 t
    expect(r.underConsumptionTonnes).toBeCloseTo(1.5 * (942.8 / 13.6 / 24), 9);
    expect(r.overConsumptionTonnes).toBe(0);
  });
});

describe("too little good weather", () => {
  it("gives no figure but the reason", () => {
    const voyage: Day[] = [
      { hours: 24, nm: 300, t: 33, bf: 6, dss: 5 },
      { hours: 24, nm: 290, t: 34, bf: 5, dss: 4 },
      { hours: 12, nm: 160, t: 15, bf: 3, dss: 2, event: "arrival" },
    ];
    const r = charterPartyPerformance(noonReportDays(reports(voyage)), terms, ship);
    expect(r.goodWeather.days).toBe(0);
    expect(r.timeLostHours).toBeNull();
    expect(r.overConsumptionTonnes).toBeNull();
    expect(r.claim).toBeNull();
    expect(r.status).toBe("insufficient_good_weather");
    expect(r.reasons[0]).toMatch(
      /^Too little good weather for the method: 0\.0 h in 0 day\(s\), the least is 24 h/,
    );
  });
  it("a stated share of the passage is a second minimum", () => {
    const voyage: Day[] = [
      { hours: 24, nm: 312, t: 32, bf: 3, dss: 2 },
      { hours: 24, nm: 300, t: 33, bf: 6, dss: 5 },
      { hours: 24, nm: 300, t: 33, bf: 6, dss: 5 },
    ];
    const r = charterPartyPerformance(
      noonReportDays(reports(voyage)),
      { ...terms, minGoodWeatherShare: 0.5 },
      ship,
    );
    expect(r.timeLostHours).toBeNull(); // 24 h of 72 h is 33 %, under 50 %
  });
});

describe("the rule's parts", () => {
  const day = noonReportDays(reports([{ hours: 24, nm: 312, t: 32, bf: 3, dss: 2 }]))[1]!;
  it("a stoppage, a wave limit and an adverse current each keep a day out", () => {
    const rule = terms.goodWeather;
    expect(judgeDay({ ...day, steamingHours: 20 }, rule).reason).toBe("stoppage: steamed 20.0 of 24.0 h");
    expect(
      judgeDay({ ...day, waveHeightM: 1.8, waveHeightMaxM: 1.8 }, { ...rule, maxWaveHeightM: 1.5 }).reason,
    ).toBe("waves 1.8 m above 1.5 m");
    expect(judgeDay(day, { ...rule, maxWaveHeightM: 1.5 }).reason).toMatch(/^no wave height/);
    expect(
      judgeDay({ ...day, currentKn: -0.8, currentMinKn: -0.8 }, { ...rule, maxAdverseCurrentKn: 0.5 }).reason,
    ).toBe("adverse current 0.8 kn above 0.5 kn");
    expect(judgeDay({ ...day, douglas: null, douglasMax: null }, rule).reason).toBe(
      "no sea state or wave height reported",
    );
  });
});

describe("the same voyage from hourly sensor records", () => {
  // Days aligned to UTC midnight: departure at 06:00, part days at both ends (18 h and 8 h).
  const days = [
    { hours: 18, kn: 12.8, tph: 1.35, wind: 10, dss: 2 },
    { hours: 24, kn: 13.0, tph: 1.33, wind: 10, dss: 2 },
    { hours: 24, kn: 12.5, tph: 1.4, wind: 25, dss: 5 },
    { hours: 24, kn: 13.1, tph: 1.3, wind: 15, dss: 3 },
    { hours: 24, kn: 13.0, tph: 1.36, wind: 5, dss: 1 },
    { hours: 8, kn: 12.9, tph: 1.3, wind: 10, dss: 2 },
  ];
  const start = Date.UTC(2026, 2, 1, 6);
  const noon: CpNoonReport[] = [];
  const hourly: CpSensorRecord[] = [];
  let ts = start;
  noon.push({ ...reports([])[0]!, ts, periodHours: 24 });
  for (const [i, d] of days.entries()) {
    for (let h = 0; h < d.hours; h++) {
      ts += H;
      hourly.push({
        ts,
        hours: 1,
        fuelTonnes: d.tph,
        distanceNm: null,
        sogKn: d.kn,
        stwKn: null,
        powerKw: null,
        windSpeedKn: d.wind,
        windDirectionDeg: null,
        seaState: d.dss,
        waveHeightM: null,
        headingDeg: null,
      });
    }
    noon.push({
      ...reports([])[0]!,
      ts,
      event: i === days.length - 1 ? "arrival" : "noon",
      periodHours: d.hours,
      steamingHours: d.hours,
      distanceOverGroundNm: d.kn * d.hours,
      fuelTonnes: d.tph * d.hours,
      windSpeedKn: d.wind,
      seaState: d.dss,
    });
  }
  it("agrees with the noon reports within 1 %", () => {
    const a = charterPartyPerformance(noonReportDays(noon), terms, ship);
    const b = charterPartyPerformance(sensorDays(hourly), terms, ship);
    expect(b.days.map((d) => d.goodWeather)).toEqual(
      a.days.filter((d) => d.covered).map((d) => d.goodWeather),
    );
    expect(b.days[0]!.from).toBe(Date.UTC(2026, 2, 1));
    expect(b.goodWeather.speedKn! / a.goodWeather.speedKn! - 1).toBeCloseTo(0, 2);
    expect(Math.abs(b.timeLostHours! / a.timeLostHours! - 1)).toBeLessThan(0.01);
    expect(Math.abs(b.overConsumptionTonnes! / a.overConsumptionTonnes! - 1)).toBeLessThan(0.01);
    expect(b.voyage.distanceNm).toBeCloseTo(a.voyage.distanceNm, 6);
  });
  it("a day with one hour above the wind limit is not good weather under the whole-day rule, and is by its mean", () => {
    const gusty = hourly.map((r) => (r.ts === start + 30 * H ? { ...r, windSpeedKn: 25 } : r));
    const strict = sensorDays(gusty);
    expect(judgeDay(strict[1]!, terms.goodWeather).reason).toBe("wind Beaufort 6 above 4");
    expect(judgeDay(strict[1]!, { ...terms.goodWeather, wholeDay: false }).goodWeather).toBe(true);
    // the days table shows the force the rule judged: the worst hour under the whole-day rule, else the mean
    const days = (wholeDay: boolean) =>
      charterPartyPerformance(strict, { ...terms, goodWeather: { ...terms.goodWeather, wholeDay } }, ship)
        .days;
    expect(days(true)[1]!.beaufort).toBe(6);
    expect(days(false)[1]!.beaufort).toBe(strict[1]!.beaufort); // the force of the mean wind, 10.6 kn
    expect(strict[1]!.beaufort).toBeLessThan(5);
  });
  it("groups records whose interval's middle falls in a day", () => {
    expect(sensorDays(hourly).map((d) => Math.round(d.periodHours))).toEqual([18, 24, 24, 24, 24, 8]);
    expect(sensorDays(hourly)[5]!.to - sensorDays(hourly)[5]!.from).toBe(DAY_MS);
  });
});

describe("the weather-corrected method", () => {
  const day = (wind: number, dir: number) => ({
    ...noonReportDays(reports([{ hours: 24, nm: 300, t: 30, bf: 3, dss: 2 }]))[1]!,
    powerKw: 9_000,
    stwKn: 12.5,
    windSpeedKn: wind,
    windDirectionDeg: dir,
    headingDeg: 0,
  });
  it("brings a head-wind day to more speed and less fuel, and a calm day nearly to itself", () => {
    const windy = charterPartyPerformance([day(30, 0), day(30, 0)], terms, ship).weatherCorrected!;
    expect(windy.speedKn).toBeGreaterThan(12.5 * 1.01);
    expect(windy.consumptionTonnesPerDay).toBeLessThan(30 * 0.99);
    const calm = charterPartyPerformance([day(0, 0), day(0, 0)], terms, ship).weatherCorrected!;
    expect(calm.speedKn / 12.5).toBeCloseTo(1, 2);
  });
  it("says why it has no figure when the days lack power and heading", () => {
    const r = charterPartyPerformance(
      noonReportDays(reports([{ hours: 24, nm: 300, t: 30, bf: 3, dss: 2 }])),
      terms,
      ship,
    );
    expect(r.weatherCorrected).toBeNull();
    expect(r.reasons.at(-1)).toMatch(/^The weather-corrected method needs power/);
  });
});
