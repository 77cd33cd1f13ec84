/**
 * Scheduled reports (issue 17 item 5) against a real SMTP server (smtp-server) and simulator data (full model:
 * weather, fouling, drift, noise, faults): the settings API (admins set, ships and members of the caller's
 * organisation only, 400 naming the field), the month's PDF received as an attachment and read back, a mail
 * server refusing then answering (retried, sent once), and two app processes on one database running the
 * monthly job at once: each member gets the report once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReportSchedule } from "../../../contracts/report-schedule";
import { spanFrom } from "../../../simulator/fleet";
import { writeFleetFiles } from "../../../simulator/write-files";
import { startSmtpServer, type TestSmtpServer, until } from "../../alerts/delivery/test-servers";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { connectDatabase, type Database } from "../../db/client";
import { pdfText } from "../../test/pdf-text";
import { createTestApp, type TestUser } from "../../test/test-app";
import { uploadFile } from "../../uploads/upload-test-helpers";
import { REPORT_MONTHLY_ORG_JOB, sendMonthlyReports } from "./monthly-report";

const ENV = {
  JOBS: "on",
  SMTP_FROM: "Sextant Reports <reports@sextant.test>",
  PUBLIC_URL: "https://sextant.test",
  DELIVERY_TIMEOUT_MS: "8000",
};
let t: Awaited<ReturnType<typeof createTestApp>>;
let smtp: TestSmtpServer;
/** A second Sextant process on the same database: its own pools, job queue and mailer. */
let second: { app: FastifyInstance; database: Database };
let owner: TestUser;
let analyst: TestUser;
let viewer: TestUser;
let shipId: number;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sextant-schedule-"));
const MONTH = "2025-03";

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ ...ENV, SMTP_URL: smtp.url });
  const database = connectDatabase(t.database.url, 5);
  const config = loadConfig({ LOG_LEVEL: "silent", NODE_ENV: "test", ...ENV, SMTP_URL: smtp.url });
  second = { app: await buildApp({ db: database.db, database, config }), database };
  await second.app.ready();
  await Promise.all([t.app.jobs.whenRunning(), second.app.jobs.whenRunning()]);
  owner = await t.registerOwner();
  analyst = await t.addMember(owner, "analyst");
  viewer = await t.addMember(owner, "viewer");
  await writeFleetFiles(
    {
      ships: 1,
      seed: 11,
      cadence: "1h",
      faults: true,
      ...spanFrom(Date.parse("2025-02-20T00:00:00Z"), 45 / 365, "1h"),
    },
    dir,
  );
  for (const type of ["ships", "voyages", "fuel", "environmental", "hull"]) {
    const file = path.join(dir, `${type}.csv`);
    if (!fs.existsSync(file)) continue;
    const res = await uploadFile(
      t.app,
      owner,
      { filename: `${type}.csv`, content: fs.readFileSync(file) },
      { dataType: type },
    );
    expect(res.statusCode, res.body).toBe(200);
  }
  const ships = await t.app.inject({ url: "/api/ships", headers: { cookie: owner.cookie } });
  shipId = ships.json()[0].id;
}, 240_000);
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await t?.close();
  await smtp?.close();
});

const put = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: "PUT", url: "/api/reports/schedule", headers: { cookie: user.cookie }, payload });
const get = async (user: TestUser) => {
  const res = await t.app.inject({ url: "/api/reports/schedule", headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as ReportSchedule;
};
const deps = (app: FastifyInstance, db = t.db) => ({
  db,
  mailer: app.mailer,
  publicUrl: "https://sextant.test",
  log: app.log,
});
const received = (to: string, month: string) =>
  smtp.messages.filter((m) => m.envelopeTo.includes(to) && m.subject?.includes(monthName(month)));
const monthName = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });

describe("the schedule's settings", () => {
  it("is off until an admin sets it; members read it, only owners and admins write it", async () => {
    const empty = await get(viewer);
    expect(empty).toMatchObject({ enabled: false, shipIds: [], memberIds: [], emailAvailable: true });
    expect(empty.when).toBe("on the 1st of each month at 06:00 UTC");
    const body = { enabled: true, shipIds: [shipId], memberIds: [owner.userId, analyst.userId] };
    expect((await put(analyst, body)).statusCode).toBe(403);
    const saved = await put(owner, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject(body);
    expect(await get(viewer)).toMatchObject(body);
  });

  it("answers 400 naming the field for another organisation's ship or member, or an empty list while on", async () => {
    const other = await t.registerOwner();
    const res = await put(owner, { enabled: true, shipIds: [shipId, 999_999], memberIds: [other.userId] });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(["shipIds.1", "memberIds.0"]);
    const empty = await put(owner, { enabled: true, shipIds: [shipId], memberIds: [] });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain("memberIds");
    // the other organisation sees its own (unset) schedule, and cannot choose this one's ship
    expect(await get(other)).toMatchObject({ enabled: false, shipIds: [] });
    const foreign = await put(other, { enabled: true, shipIds: [shipId], memberIds: [other.userId] });
    expect(foreign.statusCode).toBe(400);
    expect((await get(owner)).memberIds).toEqual([owner.userId, analyst.userId]);
  });
});

describe("the monthly job", () => {
  it("two processes running the month at once send each member one e-mail with the ship's PDF", async () => {
    const before = smtp.messages.length;
    const [a, b] = await Promise.all([
      sendMonthlyReports(deps(t.app), owner.orgId, MONTH),
      sendMonthlyReports(deps(second.app, second.database.db), owner.orgId, MONTH),
    ]);
    expect([...a.sent, ...b.sent].sort()).toEqual(
      [owner.email, analyst.email].map((e) => e.toLowerCase()).sort(),
    );
    expect(smtp.messages.length - before).toBe(2);
    for (const user of [owner, analyst]) expect(received(user.email.toLowerCase(), MONTH)).toHaveLength(1);

    const mail = received(owner.email.toLowerCase(), MONTH)[0]!;
    expect(mail.subject).toBe("Sextant monthly vessel report — March 2025");
    expect(mail.text).toContain(`https://sextant.test/dashboard/${shipId}`);
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0]!;
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.filename).toMatch(/_vessel-report_2025-03-01_2025-03-31\.pdf$/);
    const { text } = await pdfText(pdf.content);
    const ship = (
      await t.app.inject({ url: `/api/ships/${shipId}`, headers: { cookie: owner.cookie } })
    ).json();
    expect(text).toContain(`${ship.name} — Vessel Report`);
    expect(text).toContain("Custom Range: 2025-03-01 00:00 UTC → 2025-04-01 00:00 UTC");
    // The month's dashboard figures are in it (the report and the screen share one code path).
    const dash = await t.app.inject({
      url: `/api/dashboard/${shipId}?range=custom&from=2025-03-01&to=2025-04-01`,
      headers: { cookie: owner.cookie },
    });
    expect(dash.statusCode).toBe(200);
    expect(dash.json().kpis.fuelConsumptionRate).toBeTruthy();

    const log = (await get(owner)).deliveries.filter((d) => d.period === MONTH);
    expect(log.map((d) => [d.target, d.outcome, d.attempts]).sort()).toEqual(
      [owner.email, analyst.email].map((e) => [e.toLowerCase(), "sent", 1]).sort(),
    );
    // Run again (a retry, a late cron): nothing more is sent.
    await sendMonthlyReports(deps(second.app, second.database.db), owner.orgId, MONTH);
    expect(smtp.messages.length - before).toBe(2);
  }, 120_000);

  it("through the job queue of both processes: one e-mail per member", async () => {
    const month = "2025-02";
    const before = smtp.messages.length;
    await Promise.all([
      t.app.jobs.send(REPORT_MONTHLY_ORG_JOB, { orgId: owner.orgId, period: month }),
      second.app.jobs.send(REPORT_MONTHLY_ORG_JOB, { orgId: owner.orgId, period: month }),
    ]);
    await until(
      async () => {
        const log = (await get(owner)).deliveries.filter((d) => d.period === month);
        return log.length === 2 && log.every((d) => d.outcome === "sent");
      },
      "both members' February report",
      90_000,
    );
    await new Promise((r) => setTimeout(r, 3_000)); // a second job, if any, has had time to run
    expect(smtp.messages.length - before).toBe(2);
    expect(received(analyst.email.toLowerCase(), month)).toHaveLength(1);
  }, 120_000);

  it("a refusing mail server is logged as failed and the retry sends once it answers", async () => {
    const month = "2025-01";
    smtp.mode = "reject";
    await expect(sendMonthlyReports(deps(t.app), owner.orgId, month)).rejects.toThrow(/not delivered/);
    let log = (await get(owner)).deliveries.filter((d) => d.period === month);
    expect(log.map((d) => d.outcome)).toEqual(["failed", "failed"]);
    expect(log[0]!.error).toMatch(/451/);
    smtp.mode = "accept";
    const retry = await sendMonthlyReports(deps(second.app, second.database.db), owner.orgId, month);
    expect(retry.sent).toHaveLength(2);
    log = (await get(owner)).deliveries.filter((d) => d.period === month);
    expect(log.map((d) => [d.outcome, d.attempts])).toEqual([
      ["sent", 2],
      ["sent", 2],
    ]);
    expect(received(owner.email.toLowerCase(), month)).toHaveLength(1);
  }, 120_000);

  it("without a mail server the month is logged as skipped, never as sent", async () => {
    const unavailable = {
      ...deps(t.app),
      mailer: { available: false, send: () => Promise.reject(new Error("x")) },
    };
    expect(await sendMonthlyReports(unavailable, owner.orgId, "2024-12")).toEqual({ sent: [] });
    const log = (await get(owner)).deliveries.filter((d) => d.period === "2024-12");
    expect(log).toEqual([
      expect.objectContaining({
        target: "(none)",
        outcome: "skipped",
        error: "no mail server is configured (SMTP_URL)",
      }),
    ]);
  });
});
