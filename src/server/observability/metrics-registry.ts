/**
 * Prometheus metrics of one app (prom-client, a registry per app so that tests and several apps in one process
 * never share counts). prom-client is the Prometheus project's own listed Node client: exposition format,
 * histograms and default process metrics without writing them by hand.
 *
 * - `sextant_http_request_duration_seconds{method,route,status_code}`: every request's latency (route pattern,
 *   never the raw URL, so ids do not explode the label set).
 * - `sextant_upload_rows_total{data_type,outcome}`: rows of uploaded files, by what became of them.
 * - `sextant_alert_deliveries_total{channel,outcome}`: alert deliveries (email, sms, webhook…); incremented by
 *   the alert delivery code through `app.metrics.alertDeliveries.inc({channel, outcome})`.
 * - `sextant_db_pool_connections{pool,state}`: the request and long pools' total, idle and waiting clients,
 *   read at each scrape.
 */
import type pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export type AppMetrics = {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status_code">;
  uploadRows: Counter<"data_type" | "outcome">;
  alertDeliveries: Counter<"channel" | "outcome">;
};

export function createAppMetrics(pools: { request: pg.Pool; long: pg.Pool }): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "sextant_" });
  const requestDuration = new Histogram({
    name: "sextant_http_request_duration_seconds",
    help: "HTTP request latency by route pattern, method and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const uploadRows = new Counter({
    name: "sextant_upload_rows_total",
    help: "Rows of uploaded files: new, updated, unchanged or rejected",
    labelNames: ["data_type", "outcome"] as const,
    registers: [registry],
  });
  const alertDeliveries = new Counter({
    name: "sextant_alert_deliveries_total",
    help: "Alert deliveries by channel and outcome (sent, failed)",
    labelNames: ["channel", "outcome"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "sextant_db_pool_connections",
    help: "Database pool clients by pool (request, long) and state (total, idle, waiting)",
    labelNames: ["pool", "state"] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of Object.entries(pools)) {
        this.set({ pool: name, state: "total" }, pool.totalCount);
        this.set({ pool: name, state: "idle" }, pool.idleCount);
        this.set({ pool: name, state: "waiting" }, pool.waitingCount);
      }
    },
  });
  return { registry, requestDuration, uploadRows, alertDeliveries };
}

type RowCounts = { new: number; updated: number; unchanged: number; rejected: number };

/** Adds an upload's rows per data type and outcome to `sextant_upload_rows_total`. */
export function countUploadRows(metrics: AppMetrics, data: Record<string, RowCounts>): void {
  for (const [dataType, counts] of Object.entries(data)) {
    for (const outcome of ["new", "updated", "unchanged", "rejected"] as const) {
      if (counts[outcome] > 0) metrics.uploadRows.inc({ data_type: dataType, outcome }, counts[outcome]);
    }
  }
}
