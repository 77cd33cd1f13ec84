/**
 * What an MQTT message must be to be ingested (docs/decisions/013-mqtt-ingestion.md): a topic
 * `sextant/<orgId>/<imo>/<recordType>`, a payload `{key, records: [...]}` of at most `INGEST_MAX_BYTES`, and a
 * key that is an ingest key of the topic's organisation. Each refusal has a reason (counted in `/metrics`
 * by it) and the MQTT 5 reason code of its PUBACK.
 */
import { mqttIngestMessage, RECORD_KINDS } from "../../contracts/ingest";
import type { RecordKind } from "../../contracts/records";
import type { AuthContext } from "../auth/sessions";
import { REASON, type ReasonCode } from "./mqtt-acks";

export const MQTT_TOPIC_ROOT = "sextant";

export type IngestTopic = { orgId: number; imo: string; kind: RecordKind };

/** `sextant/<orgId>/<imo>/<recordType>` → its parts, or null. */
export function parseTopic(topic: string): IngestTopic | null {
  const parts = topic.split("/");
  if (parts.length !== 4 || parts[0] !== MQTT_TOPIC_ROOT) return null;
  const [, org, imo, kind] = parts as [string, string, string, string];
  if (!/^[1-9]\d{0,9}$/.test(org) || Number(org) > 2_147_483_647) return null;
  if (!/^(IMO ?)?\d{7}$/i.test(imo)) return null;
  if (!(RECORD_KINDS as readonly string[]).includes(kind)) return null;
  return { orgId: Number(org), imo: imo.replace(/\D/g, ""), kind: kind as RecordKind };
}

export const topicOf = (where: IngestTopic) => `${MQTT_TOPIC_ROOT}/${where.orgId}/${where.imo}/${where.kind}`;

export const REFUSAL_REASONS = [
  "topic",
  "too_large",
  "not_json",
  "not_a_message",
  "unknown_key",
  "foreign_organisation",
  "no_ingest_scope",
  "failed",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Each refusal's log text and PUBACK reason code. */
export const REFUSAL: Record<RefusalReason, { text: string; code: ReasonCode }> = {
  topic: { text: "the topic is not sextant/<orgId>/<imo>/<recordType>", code: REASON.topicNameInvalid },
  too_large: { text: "the message is too large", code: REASON.payloadFormatInvalid },
  not_json: { text: "the message is not JSON", code: REASON.payloadFormatInvalid },
  not_a_message: { text: "the message is not {key, records: [...]}", code: REASON.payloadFormatInvalid },
  unknown_key: { text: "unknown or revoked key", code: REASON.notAuthorized },
  foreign_organisation: { text: "the key is not of the topic's organisation", code: REASON.notAuthorized },
  no_ingest_scope: { text: "the key has no ingest scope", code: REASON.notAuthorized },
  failed: { text: "its batch failed three times", code: REASON.unspecifiedError },
};

export type ReadMessage = { where: IngestTopic; key: string; records: unknown[] };

/** A message's topic and payload checked for form (no database needed), or the reason it is refused. */
export function readMessage(topic: string, payload: Buffer, maxBytes: number): ReadMessage | RefusalReason {
  const where = parseTopic(topic);
  if (!where) return "topic";
  if (payload.length > maxBytes) return "too_large";
  let json: unknown;
  try {
    json = JSON.parse(payload.toString("utf8"));
  } catch {
    return "not_json";
  }
  const message = mqttIngestMessage.safeParse(json);
  if (!message.success) return "not_a_message";
  return { where, key: message.data.key, records: message.data.records };
}

/** Why a message's key (looked up: null when unknown) may not write to the topic's organisation, if it may not. */
export function keyRefusal(auth: AuthContext | null | undefined, orgId: number): RefusalReason | undefined {
  if (!auth?.apiKey) return "unknown_key";
  if (auth.orgId !== orgId) return "foreign_organisation";
  if (!auth.apiKey.scopes.includes("ingest")) return "no_ingest_scope";
  return undefined;
}
