/**
 * Heavy routes take a slot of the heavy-work limiter (heavy-work-limiter.ts) before their handler runs: PDF
 * reports, statements, exports, backups, restores and the database tasks. One line on the route,
 * `preHandler: heavyWork`, after its guards (the organisation is the caller's). The slot is held until the
 * answer is produced AND its response is closed: sent to the end (a streamed export or backup: its last
 * byte), cut by an error, or the client gone; a report whose client left is finished before its slot is
 * given back, so leaving and asking again cannot run more at once than the limits. A request whose client
 * leaves while it waits for a slot leaves the queue and never runs. Past the limits: 429 with Retry-After.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { requireAuth } from "../auth/guards";
import {
  HeavyWorkAbandoned,
  HeavyWorkBusy,
  HeavyWorkLimiter,
  type HeavyWorkLimits,
} from "./heavy-work-limiter";

declare module "fastify" {
  interface FastifyInstance {
    heavyWork: HeavyWorkLimiter;
  }
}

/** Requests holding a slot, and what marks their answer produced. */
const answered = new WeakMap<FastifyRequest, () => void>();

/**
 * Decorates the app with the limiter and adds the app-wide onSend hook that marks a heavy answer produced.
 * Called on the root instance before the routes (app.ts).
 */
export function registerHeavyWork(app: FastifyInstance, limits: HeavyWorkLimits): void {
  app.decorate("heavyWork", new HeavyWorkLimiter(limits));
  app.addHook("onSend", async (request) => {
    answered.get(request)?.();
    answered.delete(request);
  });
}

/** The preHandler of a heavy route: waits for a slot of the caller's organisation, or answers 429. */
export async function heavyWork(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { orgId } = requireAuth(request);
  const gone = new AbortController();
  const leftEarly = () => gone.abort();
  reply.raw.once("close", leftEarly);
  let release: () => void;
  try {
    release = (await request.server.heavyWork.acquire(orgId, gone.signal)).release;
  } catch (err) {
    if (err instanceof HeavyWorkAbandoned) {
      reply.hijack(); // nobody to answer; the request never ran
      return;
    }
    if (err instanceof HeavyWorkBusy) reply.header("retry-after", String(err.retryAfterSeconds));
    throw err;
  } finally {
    reply.raw.off("close", leftEarly);
  }
  holdUntilDone(request, reply, release);
}

function holdUntilDone(request: FastifyRequest, reply: FastifyReply, release: () => void): void {
  let produced = false;
  let closed = reply.raw.destroyed;
  const settle = () => {
    if (produced && closed) release();
  };
  answered.set(request, () => {
    produced = true;
    settle();
  });
  if (!closed)
    reply.raw.once("close", () => {
      closed = true;
      settle();
    });
}
