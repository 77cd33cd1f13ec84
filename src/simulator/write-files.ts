/**
 * Writes a fleet run as upload-format CSV files (one per data type), faults.csv when faults are on, and
 * ground-truth.json. Lines are gathered in 64 KiB chunks; a full stream pauses the generator until it
 * drains (backpressure), so memory stays flat whatever the length of the run.
 */
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { UPLOAD_DATA_TYPES, type UploadDataType } from "../contracts/upload-columns";
import { csvLine, csvRow, FAULT_HEADER, faultLine, headerLine } from "./csv";
import { eventRow, simulatedEvents } from "./event-rows";
import type { FaultEvent } from "./faults";
import type { FleetOptions } from "./fleet";
import { FleetSimulation } from "./fleet";
import { uploadTypeOf } from "./upload-rows";

const CHUNK = 1 << 16;

/** A text sink over a writable stream: buffers lines and reports when the stream asks to wait. */
export class ChunkedWriter {
  private buffer = "";
  rows = 0;
  private blocked = false;

  constructor(readonly stream: Writable) {}

  push(text: string): void {
    this.buffer += text;
    this.rows++;
    if (this.buffer.length >= CHUNK) this.flush();
  }

  flush(): void {
    if (this.buffer.length === 0) return;
    if (!this.stream.write(this.buffer)) this.blocked = true;
    this.buffer = "";
  }

  get mustWait(): boolean {
    return this.blocked;
  }

  async drain(): Promise<void> {
    if (!this.blocked) return;
    await once(this.stream, "drain");
    this.blocked = false;
  }

  async end(): Promise<void> {
    this.flush();
    this.stream.end();
    await once(this.stream, "finish");
  }
}

export type WriteSummary = { dir: string; rows: Record<string, number>; totalRows: number; seconds: number };

export async function writeFleetFiles(
  options: Omit<FleetOptions, "onFault">,
  dir: string,
): Promise<WriteSummary> {
  const t0 = performance.now();
  fs.mkdirSync(dir, { recursive: true });
  const open = (name: string, header: string) => {
    const w = new ChunkedWriter(fs.createWriteStream(path.join(dir, name)));
    w.push(header);
    w.rows = 0;
    return w;
  };
  const writers = Object.fromEntries(
    UPLOAD_DATA_TYPES.map((t) => [t, open(`${t}.csv`, headerLine(t))]),
  ) as Record<UploadDataType, ChunkedWriter>;
  const faultWriter = options.faults ? open("faults.csv", FAULT_HEADER) : undefined;
  const fleet = new FleetSimulation({
    ...options,
    onFault: (e: FaultEvent) => faultWriter?.push(faultLine(e)),
  });
  const all = faultWriter ? [...Object.values(writers), faultWriter] : Object.values(writers);
  for (const rec of fleet.records()) {
    const w = writers[uploadTypeOf(rec)];
    w.push(csvLine(rec));
    if (w.mustWait) await w.drain();
    if (faultWriter?.mustWait) await faultWriter.drain();
  }
  // The maintenance events are known once the run is over: the events file is written last.
  for (const e of simulatedEvents(fleet)) writers.events.push(csvRow(eventRow(e)));
  await Promise.all(all.map((w) => w.end()));
  fs.writeFileSync(path.join(dir, "ground-truth.json"), `${JSON.stringify(fleet.groundTruth(), null, 2)}\n`);
  const rows = Object.fromEntries(Object.entries(writers).map(([k, w]) => [k, w.rows]));
  if (faultWriter) rows.faults = faultWriter.rows;
  const totalRows = UPLOAD_DATA_TYPES.reduce((s, t) => s + writers[t].rows, 0);
  return { dir, rows, totalRows, seconds: (performance.now() - t0) / 1000 };
}
