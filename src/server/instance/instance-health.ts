/**
 * Instance health for the people who run the server: the database's size, connections, cache hit ratio, slowest
 * statements (pg_stat_statements, only when installed and preloaded: said so when not), vacuum state, the disk
 * space of DATA_DIR, the streaming replicas as last probed, and the job queue. Every figure is read from
 * PostgreSQL's statistics views, the replicas' probes or the OS; none is organisation data, so none is scoped
 * by organisation.
 */
import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { InstanceHealth } from "../../contracts/instance";
import type { AppDeps } from "../app-deps";

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v == null ? null : String(v));

async function slowestQueries(db: AppDeps["db"]): Promise<InstanceHealth["slowestQueries"]> {
  const installed = await db.execute(sql`select 1 from pg_extension where extname = 'pg_stat_statements'`);
  if (installed.rows.length === 0) {
    return {
      available: false,
      reason:
        "pg_stat_statements is not installed in this database (CREATE EXTENSION and shared_preload_libraries)",
      queries: [],
    };
  }
  try {
    const { rows } = await db.execute<Row>(sql`
      select query, calls, mean_exec_time as mean, total_exec_time as total from pg_stat_statements
      where dbid = (select oid from pg_database where datname = current_database())
      order by mean_exec_time desc limit 5`);
    return {
      available: true,
      reason: null,
      queries: rows.map((r) => ({
        query: String(r.query).slice(0, 500),
        calls: num(r.calls),
        meanMs: num(r.mean),
        totalMs: num(r.total),
      })),
    };
  } catch (err) {
    return {
      available: false,
      reason: `pg_stat_statements cannot be read: ${(err as Error).message}`,
      queries: [],
    };
  }
}

async function diskOf(dataDir: string): Promise<InstanceHealth["disk"]> {
  try {
    const s = await fs.statfs(dataDir);
    return {
      path: dataDir,
      totalBytes: s.blocks * s.bsize,
      availableBytes: s.bavail * s.bsize,
      reason: null,
    };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return {
      path: dataDir,
      totalBytes: null,
      availableBytes: null,
      reason:
        code === "ENOENT" ? "DATA_DIR does not exist (the database is an external server)" : String(code),
    };
  }
}

async function jobsOf(app: FastifyInstance): Promise<InstanceHealth["jobs"]> {
  if (!app.jobs.enabled) return { enabled: false, reason: "background jobs are off (JOBS=off)", queues: [] };
  try {
    return { enabled: true, reason: null, queues: await app.jobs.states() };
  } catch (err) {
    return { enabled: true, reason: `the job queue cannot be read: ${(err as Error).message}`, queues: [] };
  }
}

export async function readInstanceHealth(app: FastifyInstance, deps: AppDeps): Promise<InstanceHealth> {
  const { db, database, config } = deps;
  const [main] = (
    await db.execute<Row>(sql`
      select pg_database_size(current_database()) as size, version() as version,
        (select setting::int from pg_settings where name = 'max_connections') as max,
        (select age(datfrozenxid) from pg_database where datname = current_database()) as xid_age,
        (select blks_hit::float8 / nullif(blks_hit + blks_read, 0) from pg_stat_database
          where datname = current_database()) as hit_ratio`)
  ).rows;
  const [conn] = (
    await db.execute<Row>(sql`
      select count(*) as total, count(*) filter (where state = 'active') as active,
        count(*) filter (where state = 'idle') as idle,
        count(*) filter (where state like 'idle in transaction%') as idle_tx
      from pg_stat_activity where datname = current_database()`)
  ).rows;
  const tables = (
    await db.execute<Row>(sql`
      select relname, n_dead_tup, n_live_tup, last_vacuum, last_autovacuum from pg_stat_user_tables
      order by n_dead_tup desc, relname limit 8`)
  ).rows;
  const pools = Object.entries({ request: database.pool, long: database.longPool }).map(([pool, p]) => ({
    pool,
    total: p.totalCount,
    idle: p.idleCount,
    waiting: p.waitingCount,
  }));
  return {
    checkedAt: new Date().toISOString(),
    database: { sizeBytes: num(main!.size), version: String(main!.version) },
    connections: {
      total: num(conn!.total),
      active: num(conn!.active),
      idle: num(conn!.idle),
      idleInTransaction: num(conn!.idle_tx),
      max: num(main!.max),
    },
    pools,
    cacheHitRatio: main!.hit_ratio == null ? null : num(main!.hit_ratio),
    slowestQueries: await slowestQueries(db),
    vacuum: {
      oldestXidAge: num(main!.xid_age),
      tables: tables.map((r) => ({
        table: String(r.relname),
        deadRows: num(r.n_dead_tup),
        liveRows: num(r.n_live_tup),
        lastVacuum: iso(r.last_vacuum),
        lastAutovacuum: iso(r.last_autovacuum),
      })),
    },
    replicas: {
      maxLagMs: app.reads.enabled ? app.reads.maxLagMs : null,
      standbys: app.reads.status(),
    },
    disk: await diskOf(config.dataDir),
    jobs: await jobsOf(app),
  };
}
