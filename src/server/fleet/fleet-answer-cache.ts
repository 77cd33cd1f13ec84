/**
 * The fleet page's answer kept per organisation in this process while nothing it is made of has changed.
 * Measured at 100 ships (bench/README.md): the queries of an answer take ~5 ms, but building it (the
 * stored lines' JSON parsed, live figures merged, sister groups ranked, the 140 kB answer checked by its zod
 * schema and serialised) cost ~25 ms of CPU per request, which at ten concurrent requests on two cores
 * queued to a p95 over a second. One query now reads a fingerprint of everything the answer is made of (ships,
 * stored lines, open alerts per ship); an equal fingerprint serves the serialised answer kept. Positions come
 * from environmental records, whose writes mark the ship's line written (fleet.routes.ts), which changes the
 * fingerprint. The charter-party column reads the active voyages and the terms: a digest of each is part of
 * it too. An answer with a missing, stale or aged line (not `settled`) is kept only UNSETTLED_TTL_MS: its
 * refresh was queued by the request that built it (one job per ship), and a line that stays behind (a job that
 * failed) is queued again when the answer expires; once the refresh lands, the fingerprint changes.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { SNAPSHOT_MAX_AGE_MS } from "./fleet-snapshots.repository";

export type FleetFingerprint = { key: string; settled: boolean };

/** How long an answer with lines behind their data is served before its refreshes are queued again. */
export const UNSETTLED_TTL_MS = 5_000;

/** One statement: the fingerprint of an organisation's fleet answer, and whether all its lines are current. */
export async function fleetFingerprint(db: Db, orgId: number): Promise<FleetFingerprint> {
  const res = await db.execute(sql`
    select
      (select count(*) || ':' || coalesce(max(updated_at)::text, '') from ships where org_id = ${orgId}) as ships,
      (select count(*)::int from ships where org_id = ${orgId}) as ship_count,
      l.n as line_count,
      l.n || ':' || coalesce(l.computed::text, '') || ':' || coalesce(l.written::text, '') as lines,
      l.behind,
      (select coalesce(string_agg(ship_id || ':' || n, ',' order by ship_id), '')
         from (select ship_id, count(*) as n from alerts
               where org_id = ${orgId} and status in ('open', 'acknowledged') group by ship_id) a) as alerts,
      (select coalesce(md5(string_agg(id || ':' || ship_id || ':' || voyage_number || ':' || departure_date::text
           || ':' || coalesce(arrival_date::text, '') || ':' || coalesce(cargo_tonnes::text, ''), ',' order by id)), '')
         from voyages where org_id = ${orgId} and status = 'active') as voyages,
      (select count(*) || ':' || coalesce(max(updated_at)::text, '')
         from charter_party_terms where org_id = ${orgId}) as terms
    from (
      select count(*)::int as n, max(computed_at) as computed, max(written_at) as written,
        coalesce(bool_or(coalesce(written_at > computed_at, false)
          or computed_at < now() - make_interval(secs => ${SNAPSHOT_MAX_AGE_MS / 1000})), false) as behind
      from fleet_snapshots where org_id = ${orgId}
    ) l`);
  const r = res.rows[0] as {
    ships: string;
    ship_count: number;
    line_count: number;
    lines: string;
    behind: boolean;
    alerts: string;
    voyages: string;
    terms: string;
  };
  const settled = !r.behind && Number(r.line_count) === Number(r.ship_count);
  return { key: `${r.ships}|${r.lines}|${r.alerts}|${r.voyages}|${r.terms}|${settled}`, settled };
}

/** The last answer per organisation (a bounded map: the oldest organisation is dropped first). */
export class FleetAnswerCache<T> {
  private readonly entries = new Map<number, { key: string; answer: T; until: number }>();
  constructor(private readonly maxOrganisations = 200) {}

  get(orgId: number, key: string, now = Date.now()): T | undefined {
    const e = this.entries.get(orgId);
    return e && e.key === key && now < e.until ? e.answer : undefined;
  }

  /** Keeps the answer for `ttlMs` (for as long as its key holds when omitted). */
  set(orgId: number, key: string, answer: T, ttlMs = Number.POSITIVE_INFINITY, now = Date.now()): void {
    this.entries.delete(orgId);
    this.entries.set(orgId, { key, answer, until: now + ttlMs });
    if (this.entries.size > this.maxOrganisations) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
