/** Open and acknowledged alerts per ship of an organisation. */
import type { Db } from "../db/client";

// FIXME(lead, at merge with alerts-core): count from the alerts table; there is none on this branch yet.
export async function openAlertCounts(_db: Db, _orgId: number): Promise<Map<number, number>> {
  return new Map();
}
