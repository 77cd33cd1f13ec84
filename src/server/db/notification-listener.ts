/**
 * LISTEN on PostgreSQL channels over a connection of its own (a pooled one would be returned mid-LISTEN),
 * reconnecting with a backoff when the connection is lost. A notification is delivered only once the
 * transaction that sent it commits, so a listener never hears of a write that rolled back; what was sent while
 * the connection was down is lost, which is why every listener says when it is (not) listening
 * (`onListening`) and its owner falls back to something that does not need it (the session cache turns
 * itself off; the alert evaluation has its schedule).
 */
import pg from "pg";

export type NotificationListener = { stop: () => Promise<void> };

export type ListenerHandlers = {
  onNotification: (channel: string, payload: string) => void;
  /** True once every channel is listened to; false when the connection is lost or the listener stops. */
  onListening?: (listening: boolean) => void;
};

export function listenToChannels(
  connectionString: string,
  channels: readonly string[],
  handlers: ListenerHandlers,
  log: { warn: (obj: object, msg: string) => void },
  options: { connectMs?: number; maxBackoffMs?: number } = {},
): NotificationListener {
  const { connectMs = 5_000, maxBackoffMs = 10_000 } = options;
  const { onNotification, onListening = () => {} } = handlers;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let backoffMs = 250;

  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, backoffMs);
    retry.unref();
    backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
  };

  const lost = (err: unknown) => {
    onListening(false);
    if (client) {
      client.removeAllListeners();
      client.on("error", () => {}); // a late socket error of the dropped client is expected
      client.end().catch(() => {});
      client = undefined;
    }
    if (!stopped) {
      log.warn({ err, channels }, "notification connection lost; reconnecting");
      scheduleReconnect();
    }
  };

  async function connect() {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: connectMs, keepAlive: true });
    client = c;
    c.on("error", lost);
    c.on("end", () => {
      if (client === c) lost(new Error("connection ended"));
    });
    c.on("notification", (message) => {
      if (channels.includes(message.channel)) onNotification(message.channel, message.payload ?? "");
    });
    try {
      await c.connect();
      for (const channel of channels) await c.query(`listen ${channel}`); // our own constant names
      if (stopped || client !== c) {
        await c.end().catch(() => {});
        return;
      }
      backoffMs = 250;
      onListening(true);
    } catch (err) {
      if (client === c) lost(err);
    }
  }

  void connect();
  return {
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      onListening(false);
      const c = client;
      client = undefined;
      if (c) {
        c.removeAllListeners();
        c.on("error", () => {});
        await c.end().catch(() => {});
      }
    },
  };
}
