/**
 * The fleet page's 'CP performance' column (issue 33 item 5): per ship, the status of its active voyage with
 * charter-party terms, by the same functions as the voyage's panel (`applicableTerms`, `performanceOf`).
 * Only ships with such a voyage cost a computation; a fleet without terms costs one query.
 */
import type { FleetShip } from "../../contracts/fleet";
import type { Voyage } from "../../contracts/voyages";
import { activeVoyagesWithTerms } from "../charter-party/charter-party.repository";
import { applicableTerms, performanceOf } from "../charter-party/charter-party.service";
import type { Db } from "../db/client";
import { mapLimited } from "../db/map-limited";

/** Voyages computed at once (each reads its voyage's records). */
const CP_CONCURRENCY = 2;

export type FleetCpStatus = NonNullable<FleetShip["charterParty"]>;

/** Ship id → the CP status of its latest-departed active voyage whose terms apply; ships without none. */
export async function fleetCpStatuses(db: Db, orgId: number, now: Date): Promise<Map<number, FleetCpStatus>> {
  const byShip = new Map<number, Voyage[]>();
  for (const v of await activeVoyagesWithTerms(db, orgId)) {
    byShip.set(v.shipId, [...(byShip.get(v.shipId) ?? []), v]);
  }
  const statuses = await mapLimited([...byShip.values()], CP_CONCURRENCY, async (candidates) => {
    for (const voyage of candidates) {
      const stored = await applicableTerms(db, orgId, voyage);
      if (!stored) continue; // only a default for the other condition
      const performance = await performanceOf(db, orgId, voyage, stored, now);
      return {
        shipId: voyage.shipId,
        status: { voyageId: voyage.id, voyageNumber: voyage.voyageNumber, status: performance.status },
      };
    }
    return null;
  });
  return new Map(statuses.flatMap((s) => (s ? [[s.shipId, s.status] as const] : [])));
}
