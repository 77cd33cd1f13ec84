/**
 * Kills a write half-way on purpose: a second connection locks `table`, `start` begins the write (which stages
 * its rows, then waits for the lock at its merge), the backends waiting for the lock are terminated (as a
 * database restart or a cut connection would), and the lock is released. Answers what `start` returned (not
 * awaited: the caller awaits it and checks the write's outcome).
 */
import pg from "pg";

const WAITERS =
  "select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'";

export async function killLockWaiters<T>(url: string, table: string, start: () => T, timeoutMs = 10_000) {
  const blocker = new pg.Client({ connectionString: url });
  await blocker.connect();
  try {
    await blocker.query(`begin; lock table ${table} in access exclusive mode`);
    const started = start();
    const until = Date.now() + timeoutMs;
    let pids: number[] = [];
    while (pids.length === 0) {
      if (Date.now() > until) throw new Error(`nothing waited for the lock on ${table}`);
      await new Promise((r) => setTimeout(r, 20));
      pids = (await blocker.query<{ pid: number }>(WAITERS)).rows.map((r) => r.pid);
    }
    for (const pid of pids) await blocker.query("select pg_terminate_backend($1)", [pid]);
    await blocker.query("rollback");
    return { started, killed: pids.length };
  } finally {
    await blocker.end();
  }
}
