/** The span of each ship's timed records (the tables of retention.ts): what a rollup recompute covers. */
import type pg from "pg";
import { ident } from "./org-tables";
import { SERIES_TIME_TABLES } from "./retention";

export type RecordSpan = { shipId: number; shipName: string; from: Date; to: Date };

export async function recordSpans(
  client: Pick<pg.PoolClient, "query">,
  orgId: number,
): Promise<RecordSpan[]> {
  const union = SERIES_TIME_TABLES.map(
    (t) => `select ship_id, min(ts) as a, max(ts) as b from ${ident(t)} where org_id = $1 group by ship_id`,
  ).join(" union all ");
  const res = await client.query<{ ship_id: number; name: string; a: Date; b: Date }>(
    `select u.ship_id, s.name, min(a) as a, max(b) as b from (${union}) u
       join ships s on s.org_id = $1 and s.id = u.ship_id
     group by u.ship_id, s.name order by u.ship_id`,
    [orgId],
  );
  return res.rows.map((r) => ({ shipId: r.ship_id, shipName: r.name, from: r.a, to: r.b }));
}
