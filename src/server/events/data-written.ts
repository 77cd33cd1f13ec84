/**
 * "Data was written": one PostgreSQL notification per ship and committed write, whatever wrote it (a form, an
 * upload, a bulk workbook, an ingestion, a maintenance event). Sent inside the writing transaction with
 * `pg_notify`, it is delivered only if that transaction commits, to every Sextant process on the database; each
 * process fans it out to its subscribers (alert evaluation, live views). A subscriber must tolerate a missed
 * notification (sent while its connection was down): `hub.listening` says whether it could have heard.
 */

import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { bumpDataVersions } from "../cache/data-version";
import type { Executor } from "../db/client";
import { listenToChannels, type NotificationListener } from "../db/notification-listener";

export const DATA_WRITTEN_CHANNEL = "sextant_data_written";

const dataWrittenSchema = z.object({
  orgId: z.number().int(),
  shipId: z.number().int(),
  /** The span of the record timestamps written (ISO 8601); an event's own date for a maintenance event. */
  from: z.string(),
  to: z.string(),
  /** SQL names of the tables written. */
  tables: z.array(z.string()),
  /**
   * The records are committed but the daily rollups of the span are not yet recomputed (a deferred write,
   * decision record 019): only subscribers that read raw records (the live views) take such an event.
   */
  rollupsPending: z.boolean().optional(),
  /** The rollups of a deferred write's span are now recomputed (the records themselves were announced). */
  rollupsCaughtUp: z.boolean().optional(),
});
export type DataWritten = z.infer<typeof dataWrittenSchema>;

/**
 * Sends one notification per event, delivered when the caller's transaction commits, and bumps the ships' data
 * versions in that transaction (cache/data-version.ts: cached answers are stale from the commit on).
 */
export async function notifyDataWritten(db: Executor, events: readonly DataWritten[]): Promise<void> {
  for (const orgId of new Set(events.map((e) => e.orgId)))
    await bumpDataVersions(
      db,
      orgId,
      events.filter((e) => e.orgId === orgId).map((e) => e.shipId),
    );
  for (const event of events) {
    await db.execute(sql`select pg_notify(${DATA_WRITTEN_CHANNEL}, ${JSON.stringify(event)})`);
  }
}

/**
 * Announces a change to a ship's own particulars or baselines (no record written): what its analyses read
 * changed all the same, so its alerts and fleet line are computed again.
 */
export function notifyShipChanged(db: Executor, orgId: number, shipId: number): Promise<void> {
  const now = new Date().toISOString();
  return notifyDataWritten(db, [{ orgId, shipId, from: now, to: now, tables: ["ships"] }]);
}

/** The event of a notification's payload, or undefined when it is not one (never thrown: a listener stays up). */
export function parseDataWritten(payload: string): DataWritten | undefined {
  try {
    const parsed = dataWrittenSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

type Subscriber = (event: DataWritten) => void | Promise<void>;
type Subscription = { subscriber: Subscriber; rollupsPending: boolean };

/** This process's subscribers to data-written events. */
export class DataWrittenHub {
  private readonly subscriptions = new Set<Subscription>();
  private listeningNow = false;

  constructor(private readonly log: { warn: (obj: object, msg: string) => void }) {}

  /**
   * Adds a subscriber; returns the function that removes it. A subscriber hears a write once its figures can
   * be read: after the rollups (an ordinary write, or a deferred one's `rollupsCaughtUp`). With
   * `rollupsPending: true` it also hears a deferred write at once, before its rollups (for raw records).
   */
  subscribe(subscriber: Subscriber, options: { rollupsPending?: boolean } = {}): () => void {
    const subscription = { subscriber, rollupsPending: options.rollupsPending === true };
    this.subscriptions.add(subscription);
    return () => this.subscriptions.delete(subscription);
  }

  /** Whether this process is listening now (a write committed while it was not is not heard). */
  get listening(): boolean {
    return this.listeningNow;
  }

  setListening(listening: boolean): void {
    this.listeningNow = listening;
  }

  /** Hands an event to every subscriber; a subscriber's failure is logged, never thrown at the others. */
  emit(event: DataWritten): void {
    for (const { subscriber, rollupsPending } of this.subscriptions) {
      if (event.rollupsPending && !rollupsPending) continue;
      Promise.resolve()
        .then(() => subscriber(event))
        .catch((err) => this.log.warn({ err, event }, "a data-written subscriber failed"));
    }
  }
}

declare module "fastify" {
  interface FastifyInstance {
    /** Data-written events of every process on the database (events/data-written.ts). */
    dataWritten: DataWrittenHub;
  }
}

/** Decorates the app with its hub and listens while the app is up. */
export function registerDataWrittenListener(app: FastifyInstance, url: string): void {
  const hub = new DataWrittenHub(app.log);
  app.decorate("dataWritten", hub);
  let listener: NotificationListener | undefined;
  app.addHook("onReady", async () => {
    listener = listenToChannels(
      url,
      [DATA_WRITTEN_CHANNEL],
      {
        onNotification: (_channel, payload) => {
          const event = parseDataWritten(payload);
          if (event) hub.emit(event);
          else app.log.warn({ payload }, "an unreadable data-written notification was ignored");
        },
        onListening: (on) => hub.setListening(on),
      },
      app.log,
    );
  });
  app.addHook("onClose", async () => {
    await listener?.stop();
  });
}
