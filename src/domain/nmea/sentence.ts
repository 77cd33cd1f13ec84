/**
 * NMEA 0183 sentence framing (NMEA 0183 v4.11 §5.2, as summarised in the public reference at
 * gpsd.gitlab.io/gpsd/NMEA.html): `$` (or `!` for encapsulated data such as AIS), a two-character talker id and
 * a three-letter sentence formatter, comma-separated fields, `*` and the checksum — two hex digits of the
 * XOR of every character between `$` and `*`. Proprietary sentences (`$P…`) and encapsulated ones (`!…`) are
 * recognised and ignored. A bridge log often prefixes each line (a receive time, an NMEA 4 tag block
 * `\c:…*hh\`): the sentence is taken from its first `$`.
 *
 * Sextant requires the checksum (optional in NMEA 0183 for some formatters, always sent by current
 * equipment): a line without one is counted bad, because a corrupted field cannot be told from a true one.
 */

/** Why a line was not used. */
export const BAD_SENTENCE_REASONS = {
  "not-a-sentence": "no $ sentence start on the line",
  "missing-checksum": "no *hh checksum",
  "bad-checksum": "checksum does not match (corrupted in transit)",
  malformed: "address or field layout unreadable",
  "missing-fields": "a field the sentence needs is empty or absent",
  "invalid-value": "a field holds an impossible value",
  "no-fix": "the instrument marks the data invalid (status V, fix quality 0)",
  "no-time": "no RMC/ZDA time before it in the log, so it cannot be dated",
  "no-heading":
    "relative wind with no heading and speed over ground before it (true wind cannot be computed)",
} as const;
export type BadSentenceReason = keyof typeof BAD_SENTENCE_REASONS;

/** A framed sentence: talker (GP, GN, II, VW, WI, HE…), formatter (RMC, MWV…) and fields after the address. */
export type RawSentence = { talker: string; formatter: string; fields: string[] };

export type FrameResult =
  | { ok: true; sentence: RawSentence }
  | { ok: false; reason: BadSentenceReason }
  /** A valid but foreign frame (proprietary, encapsulated): not counted as bad. */
  | { ok: false; ignored: string };

/** The XOR checksum of `body` (the characters between `$` and `*`), as two upper-case hex digits. */
export function nmeaChecksum(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum ^= body.charCodeAt(i);
  return sum.toString(16).toUpperCase().padStart(2, "0");
}

/** `$` + body + `*hh`: one sentence as a talker sends it (without the CR LF). */
export function formatSentence(talker: string, formatter: string, fields: readonly string[]): string {
  const body = [`${talker}${formatter}`, ...fields].join(",");
  return `$${body}*${nmeaChecksum(body)}`;
}

const ADDRESS = /^([A-Z][A-Z0-9])([A-Z]{3})$/;

/** Frames one line: its checksum verified, its address split into talker and formatter. */
export function frameSentence(line: string): FrameResult {
  const dollar = line.indexOf("$");
  const bang = line.indexOf("!");
  if (bang >= 0 && (dollar < 0 || bang < dollar)) return { ok: false, ignored: "encapsulated" };
  if (dollar < 0) return { ok: false, reason: "not-a-sentence" };
  const text = line.slice(dollar + 1).trimEnd();
  const star = text.lastIndexOf("*");
  if (star < 0) return { ok: false, reason: "missing-checksum" };
  const body = text.slice(0, star);
  const given = text.slice(star + 1, star + 3);
  if (!/^[0-9A-Fa-f]{2}$/.test(given)) return { ok: false, reason: "missing-checksum" };
  if (given.toUpperCase() !== nmeaChecksum(body)) return { ok: false, reason: "bad-checksum" };
  const [address = "", ...fields] = body.split(",");
  if (address.startsWith("P")) return { ok: false, ignored: "proprietary" };
  const m = ADDRESS.exec(address);
  if (!m) return { ok: false, reason: "malformed" };
  return { ok: true, sentence: { talker: m[1]!, formatter: m[2]!, fields } };
}
