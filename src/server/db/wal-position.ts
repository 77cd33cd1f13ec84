/**
 * WAL positions (LSNs) of PostgreSQL's streaming replication (decision 044): comparing them, and how far behind
 * the primary a standby that has replayed up to a position is, in time.
 */

/** An LSN as PostgreSQL writes it (`16/B374D848`: the high and low 32 bits in hex), as a number to compare. */
export function parseLsn(text: string): bigint {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec(text.trim());
  if (!m) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}

/** An LSN written as PostgreSQL writes it. */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffff_ffffn).toString(16).toUpperCase()}`;
}

/** `parseLsn` of a value that may be anything (a cookie): undefined unless it is an LSN. */
export function lsnOrUndefined(text: unknown): bigint | undefined {
  if (typeof text !== "string" || !/^[0-9A-Fa-f]{1,8}\/[0-9A-Fa-f]{1,8}$/.test(text)) return undefined;
  return parseLsn(text);
}

/**
 * The primary's WAL position sampled over time, to tell a standby's lag in time from its replayed position.
 *
 * Why not `now() - pg_last_xact_replay_timestamp()` on the standby: on a primary that writes nothing, the last
 * replayed transaction grows old while the standby is fully caught up. Why not `replay_lag` of
 * `pg_stat_replication`: it is measured when the standby reports a new replayed position, so a standby whose
 * replay is stuck (paused, a long conflict) keeps showing the last small value. Here a standby that has
 * replayed up to `R` is behind by at least the age of the oldest sample beyond `R`: the primary had written past
 * `R` then, and the standby has not replayed it since. Caught up (no sample beyond `R`): 0.
 */
export class WalSamples {
  private readonly samples: { at: number; lsn: bigint }[] = [];

  /** At most `maxSamples` kept (a standby stuck for long is behind the oldest kept, far past any bound). */
  constructor(private readonly maxSamples = 10_000) {}

  add(at: number, lsn: bigint): void {
    const last = this.samples.at(-1);
    // only a position beyond the last one says something new (an idle primary keeps its position)
    if (!last || lsn > last.lsn) this.samples.push({ at, lsn });
    if (this.samples.length > this.maxSamples) this.samples.shift();
  }

  /** Drops the samples every standby has replayed (`upTo`: the least replayed position), the last one kept. */
  forget(upTo: bigint): void {
    while (this.samples.length > 1 && this.samples[0]!.lsn <= upTo) this.samples.shift();
  }

  /** How long, ms, the standby that replayed up to `replayed` has been missing WAL the primary had written. */
  lagMs(replayed: bigint, now: number): number {
    const behind = this.samples.find((s) => s.lsn > replayed);
    return behind ? Math.max(0, now - behind.at) : 0;
  }
}
