/**
 * Retention of records (spec §9 'Retention: default 24 months, range 12 to 120'): records older than the
 * cutoff — the same instant `months` calendar months before now, UTC — are deleted by a cleanup.
 */
export const RETENTION_MIN_MONTHS = 12;
export const RETENTION_MAX_MONTHS = 120;
export const RETENTION_DEFAULT_MONTHS = 24;

/**
 * The instant `months` calendar months before `now` (UTC). A day that the earlier month lacks is clamped to that
 * month's last day (31 March − 1 month = 28 or 29 February), as a person counting months would.
 */
export function retentionCutoff(now: Date, months: number): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() - months;
  const target = new Date(Date.UTC(y, m, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  target.setUTCHours(now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds());
  return target;
}
