/**
 * The optional NMEA 0183 UDP listener (NMEA_UDP_PORT): a bridge network's multiplexer or gateway broadcasts
 * sentences as UDP datagrams (one or more CR LF lines each, the usual "NMEA over UDP" of bridge gateways);
 * they are read as a log (domain/nmea) and every minute that is over — every 10 s and at shutdown — is stored
 * for NMEA_UDP_ORG_ID / NMEA_UDP_SHIP_ID as the upload stores a log (uploads/nmea/nmea-service.ts
 * `storeMinutes`: one transaction, filling merge, rollups, data-written notification, so live tiles move).
 *
 * Threat model: UDP carries no identity, so anyone who can send to the port writes this ship's data. The
 * listener therefore binds 127.0.0.1 by default (a gateway on the same machine, or a relay), writes to one
 * configured organisation and ship only, and checks at start that the ship is that organisation's (else it
 * does not listen). Exposing it on a network is the operator's choice (NMEA_UDP_HOST) behind a firewall or
 * VPN. A batch that fails to store (database away) is logged with its minute count and dropped: the
 * listener and the process stay up.
 */
import dgram from "node:dgram";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { NmeaLogReader, type NmeaMinute } from "../../domain/nmea";
import type { AppDeps } from "../app-deps";
import { getShipProfile } from "../ships/ships.repository";
import { storeMinutes } from "../uploads/nmea/nmea-service";
import { UploadRun } from "../uploads/upload-pipeline";

export const NMEA_UDP_FLUSH_MS = 10_000;

export type NmeaUdpListener = {
  /** The bound address, once listening. */
  address: () => AddressInfo | undefined;
  /** Stores the minutes that are over now (tests; the timer does it every NMEA_UDP_FLUSH_MS). */
  flush: () => Promise<void>;
  reader: NmeaLogReader;
  /** Minutes stored, and lost to a failed write. */
  stored: number;
  lost: number;
};

declare module "fastify" {
  interface FastifyInstance {
    nmeaUdp?: NmeaUdpListener;
  }
}

export function registerNmeaUdpListener(app: FastifyInstance, { db, database, config }: AppDeps): void {
  const port = config.NMEA_UDP_PORT;
  const orgId = config.NMEA_UDP_ORG_ID;
  const shipId = config.NMEA_UDP_SHIP_ID;
  if (port === undefined || orgId === undefined || shipId === undefined) return;
  const reader = new NmeaLogReader();
  let socket: dgram.Socket | undefined;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function store(minutes: NmeaMinute[]): Promise<void> {
    const client = await database.pool.connect();
    let healthy = false;
    try {
      await client.query("begin");
      const run = await UploadRun.start(client, orgId!, Number.MAX_SAFE_INTEGER);
      await storeMinutes(run, shipId!, minutes);
      await run.refreshRollups();
      await client.query("commit");
      healthy = true;
      listener.stored += minutes.length;
    } catch (err) {
      await client.query("rollback").catch(() => {});
      listener.lost += minutes.length;
      app.log.warn(
        { err, minutes: minutes.length },
        "NMEA UDP: minutes could not be stored and were dropped",
      );
    } finally {
      client.release(healthy ? undefined : true);
    }
  }

  const flush = (all: boolean) => {
    const minutes = reader.drainComplete(all);
    if (minutes.length > 0) writing = writing.then(() => store(minutes));
    return writing;
  };

  const listener: NmeaUdpListener = {
    address: () => (socket ? (socket.address() as AddressInfo) : undefined),
    flush: () => flush(false),
    reader,
    stored: 0,
    lost: 0,
  };
  app.decorate("nmeaUdp", listener);

  app.addHook("onReady", async () => {
    try {
      await getShipProfile(db, orgId, shipId);
    } catch {
      app.log.error({ orgId, shipId }, "NMEA UDP: the ship is not the organisation's; not listening");
      return;
    }
    const s = dgram.createSocket("udp4");
    s.on("message", (message) => {
      for (const line of message.toString("latin1").split(/\r?\n/)) reader.push(line);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.bind(port, config.NMEA_UDP_HOST, () => {
          s.off("error", reject);
          resolve();
        });
      });
    } catch (err) {
      // A taken port must not stop Sextant: the listener is optional, the error says why it is off.
      app.log.error({ err, port }, "NMEA UDP: could not bind; not listening");
      s.close();
      return;
    }
    s.on("error", (err) => app.log.warn({ err }, "NMEA UDP socket error"));
    socket = s;
    timer = setInterval(() => void flush(false), NMEA_UDP_FLUSH_MS);
    timer.unref();
    app.log.info({ address: s.address(), orgId, shipId }, "NMEA UDP listener started");
  });

  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
    socket?.close();
    socket = undefined;
    await flush(true);
  });
}
