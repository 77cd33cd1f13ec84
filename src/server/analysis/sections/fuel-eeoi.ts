/** fuel-fuel-eeoi: EEOI per voyage and rolling (MEPC.1/Circ.684) against the organisation's target. */
import type { FuelEeoiSectionResponse } from "../../../contracts/analysis/fuel-eeoi-section";
import { type EeoiVoyage, eeoi, voyageEeoi } from "../../../domain/eeoi/eeoi";
import { rollingEeoiSeries } from "../../../domain/eeoi/rolling-eeoi";
import type { FuelType } from "../../../domain/fuels/fuel-types";
import { differencePercent, distanceSourceOf } from "../../../domain/records/fuel-sums";
import { loadEeoiTarget } from "../../metrics/org-settings";
import { ALL_CONSUMERS } from "../../metrics/span";
import { voyagesInRange } from "../../metrics/voyage-fuel";
import type { AnalysisContext } from "../context";
import { presentRange } from "../context";

/** Voyages in the rolling EEOI window (Circ.684 §4 leaves the period to the user; Sextant default). */
export const ROLLING_EEOI_VOYAGES = 5;

/**
 * EEOI counts all fuel burnt on the voyage, main and auxiliary engines, at sea and in port (Circ.684 §2),
 * whatever the engine filter. Voyages without a cargo figure, without distance, or with a fuel type the
 * domain does not know are left out (their EEOI would be a guess).
 */
export async function fuelEeoi(ctx: AnalysisContext): Promise<FuelEeoiSectionResponse> {
  const { db, orgId, ship, range, now } = ctx;
  const [target, voyages] = await Promise.all([
    loadEeoiTarget(db, orgId),
    voyagesInRange(db, orgId, ship.id, { ...range, consumers: ALL_CONSUMERS }, now, null),
  ]);
  const usable = voyages.filter(
    (v) => v.cargoTonnes !== null && v.cargoTonnes >= 0 && v.distanceNm > 0 && v.fuel.length > 0,
  );
  const eeoiVoyages: EeoiVoyage[] = usable.map((v) => {
    const byType = new Map<FuelType, number>();
    for (const f of v.fuel) byType.set(f.fuelType, (byType.get(f.fuelType) ?? 0) + f.fuelT);
    return {
      fuels: [...byType.entries()].map(([fuelType, tonnes]) => ({ fuelType, tonnes })),
      cargo: v.cargoTonnes!,
      distanceNm: v.distanceNm,
      endedAt: v.arrivedAt ?? now,
    };
  });
  const rolling = rollingEeoiSeries(eeoiVoyages, ROLLING_EEOI_VOYAGES);
  const byVoyage = {
    voyageId: usable.map((v) => v.id),
    voyageNumber: usable.map((v) => v.voyageNumber),
    t: usable.map((v) => (v.arrivedAt ?? v.departedAt).getTime() / 1000),
    cargoTonnes: eeoiVoyages.map((v) => v.cargo),
    distanceNm: eeoiVoyages.map((v) => v.distanceNm),
    co2T: [] as number[],
    eeoi: [] as (number | null)[],
    rollingEeoi: rolling.map((r) => r.gCo2PerCargoNm),
    ballast: eeoiVoyages.map((v) => v.cargo === 0),
  };
  for (const v of eeoiVoyages) {
    const r = voyageEeoi(v);
    byVoyage.co2T.push(r.co2Tonnes);
    byVoyage.eeoi.push(r.gCo2PerCargoNm);
  }
  const all = eeoi(eeoiVoyages);
  return {
    section: "fuel-fuel-eeoi",
    status: "ready",
    shipId: ship.id,
    range: presentRange(range),
    target: target,
    rollingWindowVoyages: ROLLING_EEOI_VOYAGES,
    byVoyage,
    summary: {
      eeoi: all.gCo2PerCargoNm,
      vsTargetPercent: differencePercent(all.gCo2PerCargoNm, target),
      voyageCount: all.voyageCount,
      ballastVoyageCount: all.ballastVoyageCount,
      distanceSource: distanceSourceOf(
        usable.reduce((a, v) => a + v.distanceNm, 0),
        usable.reduce((a, v) => a + v.distanceDerivedNm, 0),
      ),
    },
  };
}
