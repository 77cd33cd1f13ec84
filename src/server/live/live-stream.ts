/**
 * One open live stream (Server-Sent Events, WHATWG HTML §9.2): a ship's new records pushed to one browser as
 * `event: record` messages whose `id` is the newest record time sent (epoch ms), so a reconnecting
 * EventSource sends it back as `Last-Event-ID` and gets what it missed (records after that time). A
 * heartbeat comment every LIVE_HEARTBEAT_SECONDS keeps proxies from closing an idle stream and finds a dead
 * client. Reads for one stream run one after another, so its events keep their order.
 *
 * What "new" means: the data-written notification says which tables and span a commit wrote; the stream
 * reads those rows (by org and ship) and sends each. A record rewritten with an older time is sent when its
 * write is heard, but not on resume (resume reads records after the last time sent).
 */
import type { ServerResponse } from "node:http";
import type { LiveRecordEvent } from "../../contracts/analysis/real-time-monitoring-section";
import type { LiveRecord } from "../metrics/live-records";

export class LiveStream {
  private lastSentMs: number;
  private queue: Promise<void> = Promise.resolve();
  private heartbeat: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly res: ServerResponse,
    sinceMs: number | undefined,
    heartbeatSeconds: number,
    private readonly onClose: () => void,
    /** Called at each heartbeat (the route checks there whether its notifications were missed). */
    onBeat: () => void = () => {},
  ) {
    this.lastSentMs = sinceMs ?? 0;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    // The browser's reconnection delay after a dropped stream.
    res.write("retry: 3000\n\n");
    this.heartbeat = setInterval(() => {
      this.write(": heartbeat\n\n");
      onBeat();
    }, heartbeatSeconds * 1000);
    this.heartbeat.unref();
    res.on("close", () => this.close());
    res.on("error", () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get since(): number {
    return this.lastSentMs;
  }

  /** Runs `read` after the stream's earlier reads and sends its records. */
  enqueue(read: () => Promise<LiveRecord[]>, onError: (err: unknown) => void): void {
    this.queue = this.queue
      .then(async () => {
        if (this.closed) return;
        this.send(await read());
      })
      .catch(onError);
  }

  private send(records: readonly LiveRecord[]): void {
    for (const r of records) {
      if (Object.keys(r.values).length === 0) continue;
      this.lastSentMs = Math.max(this.lastSentMs, r.ts);
      const event: LiveRecordEvent = {
        kind: r.kind,
        ts: new Date(r.ts).toISOString(),
        ...(r.consumer ? { consumer: r.consumer } : {}),
        values: r.values,
      };
      this.write(`id: ${this.lastSentMs}\nevent: record\ndata: ${JSON.stringify(event)}\n\n`);
    }
  }

  private write(text: string): void {
    if (this.closed) return;
    this.res.write(text);
  }

  /** Ends the stream (server shutdown, client gone); idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (!this.res.writableEnded) this.res.end();
    this.onClose();
  }
}
