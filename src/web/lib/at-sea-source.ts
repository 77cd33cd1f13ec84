import type { AtSeaSource } from "../../domain/records/fuel-sums";

/**
 * The words beside a figure per time at sea that was not (only) read from the log's speed through water
 * (contract `atSeaSource`, issue 32 item 4); null when the log decided it, or without time at sea.
 */
export function atSeaSourceNote(source: AtSeaSource | null): string | null {
  if (source === "speed-over-ground") return "time at sea by speed over ground: no log speed";
  if (source === "mixed") return "time at sea partly by speed over ground: no log speed on some records";
  return null;
}
