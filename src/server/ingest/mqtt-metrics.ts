/**
 * The MQTT ingester's counters in `/metrics` (observability/metrics-registry.ts's registry), read from its
 * stats at each scrape:
 * - `sextant_mqtt_messages_total{outcome}`: received, stored (committed, then acknowledged), refused,
 *   redelivered (sent again by the broker: a reconnect before the acknowledgement);
 * - `sextant_mqtt_messages_refused_total{reason}`: the refusals by reason;
 * - `sextant_mqtt_messages_held`: received and not yet acknowledged (waiting for their batch, or for the
 *   database); the broker holds what is beyond `MQTT_RECEIVE_MAXIMUM`;
 * - `sextant_mqtt_records_total{outcome}`: records accepted or refused one by one;
 * - `sextant_mqtt_flushes_total{outcome}`: transactions committed, batches kept for a retry, batches failed.
 */
import { Counter, Gauge, type Registry } from "prom-client";
import type { MqttIngester } from "./mqtt-ingest";

/** A counter whose values are read from `read` at each scrape (the ingester counts; prom-client exposes). */
function collectedCounter(
  registry: Registry,
  name: string,
  help: string,
  label: string,
  read: () => Record<string, number>,
) {
  new Counter({
    name,
    help,
    labelNames: [label],
    registers: [registry],
    collect() {
      this.reset();
      for (const [value, n] of Object.entries(read())) this.inc({ [label]: value }, n);
    },
  });
}

export function registerMqttMetrics(registry: Registry, ingester: MqttIngester): void {
  const { stats } = ingester;
  collectedCounter(registry, "sextant_mqtt_messages_total", "MQTT messages by outcome", "outcome", () => ({
    received: stats.received,
    stored: stats.stored,
    refused: stats.refused,
    redelivered: stats.redelivered,
  }));
  collectedCounter(
    registry,
    "sextant_mqtt_messages_refused_total",
    "MQTT messages refused (acknowledged with a reason code, never stored), by reason",
    "reason",
    () => ({ ...ingester.refusals }),
  );
  collectedCounter(registry, "sextant_mqtt_records_total", "Records of MQTT messages", "outcome", () => ({
    accepted: stats.recordsAccepted,
    rejected: stats.recordsRejected,
  }));
  collectedCounter(registry, "sextant_mqtt_flushes_total", "MQTT batches written", "outcome", () => ({
    committed: stats.flushes,
    retried: stats.retries,
    failed: stats.failedBatches,
  }));
  new Gauge({
    name: "sextant_mqtt_messages_held",
    help: "MQTT messages received and not yet acknowledged (the broker holds the rest)",
    registers: [registry],
    collect() {
      this.set(stats.held);
    },
  });
}
