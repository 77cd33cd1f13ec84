/**
 * Hourly purge of expired sessions, ended sign-in throttle windows and forgotten known addresses, so neither table grows for ever.
 * One unref'd timer per app (it never keeps the process alive), started when the app is ready and stopped
 * when it closes; a failed run is logged and the next one tries again.
 */
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { purgeExpiredSessions } from "./sessions";
import { purgeThrottleRows, type ThrottleSettings } from "./sign-in-throttle";

export const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** One purge: answers how many sessions and throttle rows were removed. */
export async function purgeAuthRows(db: Db, throttle: ThrottleSettings) {
  const sessions = await purgeExpiredSessions(db);
  const throttleRows = await purgeThrottleRows(db, throttle.windowMinutes, throttle.knownAddressDays);
  return { sessions, throttleRows };
}

export function registerPurgeJob(app: FastifyInstance, db: Db, throttle: ThrottleSettings): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    timer = setInterval(() => {
      purgeAuthRows(db, throttle).then(
        (removed) => app.log.debug(removed, "purged expired sessions and throttle rows"),
        (err) => app.log.warn({ err }, "purge of expired sessions failed; retrying next hour"),
      );
    }, PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}
