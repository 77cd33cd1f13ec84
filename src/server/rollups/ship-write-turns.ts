/**
 * One record write at a time per ship in this process, queued in memory before a database connection is
 * taken. Writes of one ship serialise anyway on its rollup lock (daily-rollup.ts `lockShipRollups`); waiting
 * for that lock while holding a pooled connection let a burst of writes to one ship occupy the whole pool,
 * so that other ships' writes, other organisations' too, waited for a connection past the pool's connect
 * timeout and were answered 503. The database lock stays the rule across processes; this queue keeps the
 * waiting of one process out of its pool. Keyed by organisation and ship, so that requests naming another
 * organisation's ship id (refused inside the transaction) never queue behind that organisation's writes.
 */
const tails = new Map<string, Promise<void>>();

/** Runs `work` when the writes of the same ship queued before it in this process have ended. */
export async function inShipWriteTurn<T>(orgId: number, shipId: number, work: () => Promise<T>): Promise<T> {
  const key = `${orgId}:${shipId}`;
  const before = tails.get(key) ?? Promise.resolve();
  let release!: () => void;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const mine = before.then(() => done);
  tails.set(key, mine);
  await before;
  try {
    return await work();
  } finally {
    release();
    // the last in the queue leaves no entry behind
    if (tails.get(key) === mine) tails.delete(key);
  }
}

/** Ships with writes running or queued in this process (for tests). */
export function queuedShipWrites(): number {
  return tails.size;
}
