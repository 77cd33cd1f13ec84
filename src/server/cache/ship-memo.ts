/**
 * Figures kept per ship under its data version and the organisation's (data-version.ts), for a bounded time:
 * an organisation-wide figure made of its ships' parts (data quality, the year's CO2) computes again only the
 * ships written since, so in a live fleet a view costs the ships that changed, not the whole fleet. One memo
 * per database (two apps in one process, tests or a restore's scratch app, never share entries).
 */
import { sql } from "drizzle-orm";
import type { Db, Executor } from "../db/client";
import { intArray } from "../metrics/sql-values";
import { ORGANISATION_ROW } from "./data-version";

type Entry<V> = { at: number; version: string; value: V };

/**
 * The ships asked for (every ship of the organisation for null) that exist, in id order, each with its data
 * version and the organisation's as one string: either grows with every write that changes its figures.
 */
export async function shipVersions(
  db: Executor,
  orgId: number,
  shipIds: readonly number[] | null,
): Promise<Map<number, string>> {
  const only = shipIds === null ? sql`` : sql`and s.id = any(${intArray(shipIds)})`;
  const res = await db.execute<{ id: number; version: string }>(sql`
    select s.id, coalesce(v.version, 0) || '.' || coalesce(o.version, 0) as version
    from ships s
    left join data_versions v on v.org_id = s.org_id and v.ship_id = s.id
    left join data_versions o on o.org_id = s.org_id and o.ship_id = ${ORGANISATION_ROW}
    where s.org_id = ${orgId} ${only}
    order by s.id`);
  return new Map(res.rows.map((r) => [Number(r.id), String(r.version)]));
}

export class ShipMemo<V> {
  private readonly byDb = new WeakMap<Db, Map<string, Entry<V>>>();

  /** `maxAgeMs`: how long an entry serves while its versions hold (the figures' windows end 'now'). */
  constructor(
    private readonly maxAgeMs: number,
    private readonly maxEntries = 20_000,
  ) {}

  /**
   * Each ship's value, in the order of `versions`: kept ones while their versions hold and they are younger
   * than `maxAgeMs` at `now`; the rest by one call of `compute` with their ids (a ship it leaves out gets
   * `absent`, which must then be given), or with null when that is every ship of the organisation and `wholeOrganisation` says so.
   */
  async values(
    db: Db,
    orgId: number,
    versions: Map<number, string>,
    nowMs: number,
    compute: (shipIds: number[] | null) => Promise<Map<number, V>>,
    options: { absent?: V; wholeOrganisation?: boolean } = {},
  ): Promise<V[]> {
    const { absent, wholeOrganisation = false } = options;
    let entries = this.byDb.get(db);
    if (!entries || entries.size > this.maxEntries) {
      entries = new Map();
      this.byDb.set(db, entries);
    }
    const keyOf = (shipId: number) => `${orgId}:${shipId}`;
    const stale = [...versions].flatMap(([shipId, version]) => {
      const e = entries.get(keyOf(shipId));
      const young = e !== undefined && nowMs - e.at >= 0 && nowMs - e.at < this.maxAgeMs;
      return young && e.version === version ? [] : [shipId];
    });
    if (stale.length > 0) {
      const computed = await compute(wholeOrganisation && stale.length === versions.size ? null : stale);
      for (const shipId of stale) {
        const value = computed.has(shipId) ? computed.get(shipId)! : absent;
        if (value === undefined) throw new Error(`ShipMemo: no value computed for ship ${shipId}`);
        entries.set(keyOf(shipId), { at: nowMs, version: versions.get(shipId)!, value });
      }
    }
    return [...versions.keys()].map((shipId) => entries.get(keyOf(shipId))!.value);
  }
}
