/**
 * Storage health badge of one table, from PostgreSQL's own measures (pg_stat_user_tables). Dead tuples are
 * rows deleted or updated but not yet vacuumed: they take space and slow scans. PostgreSQL's autovacuum
 * starts at 20 % dead (autovacuum_vacuum_scale_factor 0.2, PostgreSQL manual §25.1.6), so a table above that
 * share is behind ('warning'), above half 'critical'. Statistics are stale when more than 10 % of the rows
 * changed since the last ANALYZE (autovacuum_analyze_scale_factor 0.1): the planner then misjudges the ranges
 * the dashboards read (db/table-statistics.ts).
 */
export type HealthTone = "good" | "warning" | "critical";

export const DEAD_SHARE_WARNING = 0.2;
export const DEAD_SHARE_CRITICAL = 0.5;
export const STALE_SHARE = 0.1;
/** Below this many rows a table's dead share says nothing (a handful of updated settings rows). */
export const HEALTH_MIN_ROWS = 1000;

export type TableMeasures = {
  liveTuples: number;
  deadTuples: number;
  modifiedSinceAnalyze: number;
  analyzed: boolean;
};

export function storageHealth(m: TableMeasures): { tone: HealthTone; note: string } {
  const total = m.liveTuples + m.deadTuples;
  if (total < HEALTH_MIN_ROWS) return { tone: "good", note: "small table" };
  const dead = m.deadTuples / total;
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  if (dead > DEAD_SHARE_CRITICAL) return { tone: "critical", note: `${pct(dead)} dead rows: optimise` };
  if (dead > DEAD_SHARE_WARNING) return { tone: "warning", note: `${pct(dead)} dead rows: optimise` };
  const changed = m.modifiedSinceAnalyze / Math.max(1, m.liveTuples);
  if (!m.analyzed || changed > STALE_SHARE)
    return {
      tone: "warning",
      note: m.analyzed ? `${pct(changed)} changed since last analysed` : "never analysed",
    };
  return { tone: "good", note: `${pct(dead)} dead rows, statistics current` };
}
