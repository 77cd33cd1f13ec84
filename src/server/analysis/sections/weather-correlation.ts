/**
 * environment-weather-correlation: fuel and power penalty per Beaufort force, wave height and wind angle off
 * the bow, and the weather's share of the fuel by ISO 15016 beside the 'Beaufort ≤ 4 only' filter (domain
 * hull/weather-penalty). Always the main engine's records: the weather acts on propulsion, whatever the
 * engine filter says about fuel consumers.
 */
import type { WeatherCorrelationSectionResponse } from "../../../contracts/analysis/weather-correlation-section";
import {
  CALM_BEAUFORT_MAX,
  implausibleOrdering,
  PENALTY_BIN_MIN_RECORDS,
  weatherPenalty,
} from "../../../domain/hull/weather-penalty";
import { fuelTotals } from "../../metrics/fuel-totals";
import { WEATHER_SAMPLE_BUCKETS, weatherRecords } from "../../metrics/weather-records";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

export async function weatherCorrelation(ctx: AnalysisContext): Promise<WeatherCorrelationSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const [records, main] = await Promise.all([
    weatherRecords(db, orgId, ship.id, range),
    fuelTotals(db, orgId, ship.id, { ...range, consumers: ["main"] }),
  ]);
  const p = weatherPenalty(records, { lengthM: ship.lengthM, beamM: ship.beamM });
  return {
    section: "environment-weather-correlation",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    records: p.records,
    recordsInRange: main.records,
    sampled: main.records > WEATHER_SAMPLE_BUCKETS,
    hours: p.hours,
    fuelT: p.fuelT,
    byBeaufort: p.byBeaufort,
    byWave: p.byWave,
    byHeading: p.byHeading,
    minBinRecords: PENALTY_BIN_MIN_RECORDS,
    beaufortOrdering: implausibleOrdering(p.byBeaufort.map((b) => ({ ...b, name: `Beaufort ${b.force}` }))),
    waveOrdering: implausibleOrdering(
      p.byWave.map((b) => ({
        ...b,
        name: b.toM === null ? `waves ≥ ${b.fromM} m` : `waves ${b.fromM}–${b.toM} m`,
      })),
    ),
    iso15016: { ...p.iso15016, usedDefaultShip: ship.lengthM === null || ship.beamM === null },
    calmFilter: { ...p.calmFilter, maxBeaufort: CALM_BEAUFORT_MAX },
  };
}
