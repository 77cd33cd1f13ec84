/**
 * When alerts are evaluated (issue 16 item 3): after every committed write to a ship's data (the
 * data-written notification of events/data-written.ts, heard by every process), and on a schedule for every
 * ship, as pg-boss jobs. The evaluation job's queue is 'short' with the ship as singleton key: a burst of
 * writes (a bulk upload's thousands of rows, two processes hearing the same notification) queues one
 * evaluation per ship while another may run. Two evaluations running at once still give one alert (the
 * partial unique index, alerts.repository.ts).
 */
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../db/client";
import { ships } from "../db/schema";
import type { JobType } from "../jobs/job-queue";
import { evaluateShip } from "./alert-evaluation";

const shipPayload = z.object({ orgId: z.number().int(), shipId: z.number().int() });

export const ALERT_EVALUATE_JOB: JobType<z.infer<typeof shipPayload>> = {
  name: "alert-evaluate",
  payload: shipPayload,
};

export const ALERT_SWEEP_JOB: JobType<Record<string, never>> = {
  name: "alert-evaluate-all",
  payload: z.object({}).strict() as z.ZodType<Record<string, never>>,
};

/** Queues the evaluation of one ship (deduplicated per ship while one waits). */
export function queueEvaluation(app: FastifyInstance, orgId: number, shipId: number) {
  return app.jobs.send(ALERT_EVALUATE_JOB, { orgId, shipId }, { singletonKey: `${orgId}:${shipId}` });
}

/** Defines the jobs and subscribes to writes; called while the app registers. */
export function registerAlertJobs(app: FastifyInstance, db: Db, sweepCron: string): void {
  app.jobs.define({
    ...ALERT_EVALUATE_JOB,
    options: {
      policy: "short",
      retryLimit: 3,
      retryDelaySeconds: 10,
      retryBackoff: true,
      expireInSeconds: 300,
    },
    handler: async ({ orgId, shipId }) => {
      await evaluateShip({ db, jobs: app.jobs, log: app.log }, orgId, shipId, new Date());
    },
  });
  app.jobs.define({
    ...ALERT_SWEEP_JOB,
    options: { policy: "singleton", retryLimit: 2, expireInSeconds: 300 },
    schedule: { cron: sweepCron, payload: {} },
    handler: async () => {
      // every organisation's ships: the sweep fans out, one evaluation job per ship
      const all = await db.select({ orgId: ships.orgId, shipId: ships.id }).from(ships);
      for (const s of all) await queueEvaluation(app, s.orgId, s.shipId);
    },
  });
  // Once at start: data loaded while no process listened (a demo seeded by COPY, writes during a restart)
  // is evaluated now rather than at the next scheduled sweep.
  app.addHook("onReady", async () => {
    if (!app.jobs.enabled) return;
    app.jobs
      .whenRunning(120_000)
      .then(() => app.jobs.send(ALERT_SWEEP_JOB, {}))
      .catch((err) => app.log.warn({ err }, "alerts: the start-up evaluation was not queued"));
  });
  app.dataWritten.subscribe(async (event) => {
    await queueEvaluation(app, event.orgId, event.shipId);
  });
}
