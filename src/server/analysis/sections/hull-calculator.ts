/**
 * hull-hull-calculator: the hull performance calculator prefilled from the ship's latest data up to the
 * range's end (latest main-engine record at sea, weather, draughts, hull record, last cleaning event), each
 * value with its source; the calculation itself stays POST /api/calculate-hull-performance.
 */
import type {
  HullCalculatorSectionResponse,
  PrefilledValue,
} from "../../../contracts/analysis/hull-calculator-section";
import { baselineSfoc } from "../../../domain/engine/sfoc-baseline";
import { FUEL_PROPERTIES, isFuelType } from "../../../domain/fuels/fuel-types";
import { referencePowerAtSpeed } from "../../../domain/hull/calculator-prefill";
import { cleansHull, daysSince, latestDoneEvent } from "../../../domain/maintenance/maintenance-events";
import { sfocFromDailyFuel } from "../../../domain/performance/sfoc-from-fuel";
import {
  latestEnvironmental,
  latestHullRecord,
  latestMainFuelAtSea,
  latestTrimRecord,
} from "../../metrics/latest-records";
import { maintenanceEventsForHull } from "../../metrics/maintenance-events";
import type { AnalysisContext } from "../context";
import { presentRange, rangeAsOf } from "../context";

const value = (v: number | null | undefined, source: string, at: Date | null): PrefilledValue =>
  v === null || v === undefined || !Number.isFinite(v)
    ? null
    : { value: v, source, at: at?.toISOString() ?? null };

export async function hullCalculator(ctx: AnalysisContext): Promise<HullCalculatorSectionResponse> {
  const { db, orgId, ship, range } = ctx;
  const before = range.to;
  const [fuel, env, trim, hull, events] = await Promise.all([
    latestMainFuelAtSea(db, orgId, ship.id, before),
    latestEnvironmental(db, orgId, ship.id, before),
    latestTrimRecord(db, orgId, ship.id, before),
    latestHullRecord(db, orgId, ship.id, before),
    maintenanceEventsForHull(db, orgId, ship.id),
  ]);
  const missing: string[] = [];
  const fuelAt = fuel?.ts ?? null;
  const speed = fuel?.speedKn ?? null;
  const power = fuel?.enginePowerKw ?? null;
  if (!fuel) missing.push("Current power, SFOC and speed: add main-engine fuel records with power and speed");

  // The SFOC figure is the one derived from fuel rate and power (decision 007); the reported column only without a rate.
  const derivedSfoc =
    fuel && power && fuel.fuelRateTPerDay !== null ? sfocFromDailyFuel(fuel.fuelRateTPerDay, power) : null;
  const currentSfoc =
    derivedSfoc !== null
      ? value(derivedSfoc, "Derived from the latest main-engine record: fuel rate ÷ power", fuelAt)
      : value(fuel?.reportedSfoc, "Reported SFOC of the latest main-engine record", fuelAt);

  const displacement = trim?.displacementT ?? null;
  const reference =
    speed === null
      ? null
      : referencePowerAtSpeed(ship.speedPowerCurve, ship.referenceDisplacementT, speed, displacement);
  let baselinePower: PrefilledValue = null;
  if (reference?.ok) {
    baselinePower = value(
      reference.powerKw,
      reference.displacementCorrected
        ? "Speed–power reference curve at the current speed and displacement (admiralty law, Δ^(2/3))"
        : "Speed–power reference curve at the current speed (no displacement recorded: at the curve's)",
      null,
    );
  } else if (reference) {
    missing.push(`Baseline power: ${reference.reason}; enter the ship's speed–power curve in Baseline`);
  } else if (fuel) missing.push("Baseline power: the latest record has no speed through water");

  const lcv = fuel && isFuelType(fuel.fuelType) ? FUEL_PROPERTIES[fuel.fuelType].lcvKjPerKg : null;
  const base = baselineSfoc({
    shopTest: ship.shopTestCurve,
    engines: "main",
    loadPercent: fuel?.loadPercent ?? null,
    burntLcvKjPerKg: lcv,
  });

  // The range's last instant (its end is exclusive): a range ending 2026-02-01 counts days to that day.
  const asOf = rangeAsOf({ to: before });
  const lastCleaning = latestDoneEvent(events, asOf, cleansHull);
  if (!lastCleaning) missing.push("Last cleaning: add a hull-cleaning or dry-docking event");
  if (!env) missing.push("Weather: add environmental records (wind, waves)");

  return {
    section: "hull-hull-calculator",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    inputs: {
      currentPower: value(power, "Engine power of the latest main-engine record at sea", fuelAt),
      currentSfoc,
      currentSpeed: value(speed, "Speed through water of the latest main-engine record at sea", fuelAt),
      baselinePower,
      baselineSfoc: fuel
        ? value(
            base.value,
            base.source === "shop-test"
              ? `Shop-test SFOC at the record's load (${base.loadPercent?.toFixed(0)} % MCR), on the fuel burnt's LCV`
              : "The specification's baseline SFOC (no shop-test curve covering the load)",
            null,
          )
        : null,
      baselineSpeed: baselinePower
        ? value(speed, "The current speed: the reference power is read at it", fuelAt)
        : null,
      seaState: value(env?.seaState, "Latest environmental record", env?.ts ?? null),
      windSpeed: value(env?.windSpeedKn, "Latest environmental record", env?.ts ?? null),
      waveHeight: value(env?.waveHeightM, "Latest environmental record", env?.ts ?? null),
    },
    context: {
      draughtForeM: value(trim?.draughtForeM, "Latest trim record", trim?.ts ?? null),
      draughtAftM: value(trim?.draughtAftM, "Latest trim record", trim?.ts ?? null),
      displacementT: value(displacement, "Latest trim record", trim?.ts ?? null),
      roughnessIndex: value(hull?.roughnessIndex, "Latest hull record", hull?.ts ?? null),
      hullEfficiency: value(hull?.hullEfficiency, "Latest hull record", hull?.ts ?? null),
      daysSinceLastCleaning: lastCleaning
        ? value(
            daysSince(lastCleaning.date, asOf),
            lastCleaning.source === "stored"
              ? `Maintenance event: ${lastCleaning.type} on ${lastCleaning.date}`
              : `Hull records' last cleaning date ${lastCleaning.date}`,
            null,
          )
        : null,
    },
    lastCleaning: lastCleaning
      ? { type: lastCleaning.type, date: lastCleaning.date, source: lastCleaning.source }
      : null,
    missing,
  };
}
