/**
 * The PDF vessel report on the demo fleet (simulator's full model): its text names the ship and the range and
 * shows the dashboard API's KPI figures for the same filters; fonts are embedded; pages are numbered; another
 * organisation's ship answers 404; a viewer may download. Its pages are rendered to PNG with pdftoppm
 * (REPORT_PNG_DIR keeps them for a look).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intervalBasisLabel } from "../../contracts/analysis/environment-compliance-section";
import { partialDaysNote } from "../../contracts/analysis/fuel-consumption-section";
import type { DashboardWithKpisResponse } from "../../contracts/analysis/kpis";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../demo/seed-demo";
import { seedAndSignInDemo } from "../test/demo-sign-in";
import { pdfText } from "../test/pdf-text";
import { createTestApp, type TestUser } from "../test/test-app";
import { fmt } from "./report-format";
import { buildVesselReport } from "./vessel-report";

let t: Awaited<ReturnType<typeof createTestApp>>;
let demo: string;
let other: TestUser;
let shipIds: number[];
let orgId: number;
const now = new Date();

beforeAll(async () => {
  t = await createTestApp();
  demo = await seedAndSignInDemo(t, now);
  other = await t.registerOwner();
  const ships = (await t.database.pool.query("select id, org_id from ships order by id")).rows;
  shipIds = ships.map((s) => s.id);
  orgId = ships[0].org_id;
}, 300_000);
afterAll(() => t?.close());

const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

describe("GET /api/reports/vessel/:shipId", () => {
  it("answers a PDF whose text shows the ship, the range and the dashboard's KPI figures", async () => {
    const query = `range=custom&from=${day(-30)}&to=${day(-2)}&engine=main`;
    const dash = await t.app.inject({
      url: `/api/dashboard/${shipIds[0]}?${query}`,
      headers: { cookie: demo },
    });
    expect(dash.statusCode).toBe(200);
    const d = dash.json() as DashboardWithKpisResponse;
    const res = await t.app.inject({
      url: `/api/reports/vessel/${shipIds[0]}?${query}`,
      headers: { cookie: demo },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const lastDay = new Date(new Date(d.range.to).getTime() - 1).toISOString().slice(0, 10);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="${d.ship.name.replaceAll(" ", "-")}_vessel-report_${d.range.from.slice(0, 10)}_${lastDay}.pdf"`,
    );
    const { text, pages } = await pdfText(pdf);
    const flat = text;
    expect(flat).toContain(`${d.ship.name} — Vessel Report`);
    expect(flat).toContain(`IMO ${d.ship.imo}`);
    expect(flat).toContain(`Custom Range: ${d.range.from.slice(0, 10)} ${d.range.from.slice(11, 16)} UTC`);
    const k = d.kpis;
    expect(k.sfoc && k.fuelConsumptionRate && k.engineLoadFactor && k.cii).toBeTruthy();
    expect(flat).toContain(`${fmt(k.sfoc!.value)} g/kWh; reference ${fmt(k.sfoc!.reference)} g/kWh`);
    expect(flat).toContain(`${fmt(k.fuelConsumptionRate!.value)} t/day`);
    // the reference says what it rests on, in the card's words (issue 35: a '12-month average' of three days)
    expect(k.fuelConsumptionRate!.referenceBasis).toMatch(/^\d+\.\d days? at sea in the 12 months before$/);
    expect(flat).toContain(`(the ship's own: ${k.fuelConsumptionRate!.referenceBasis})`);
    expect(flat).toContain(`${fmt(k.engineLoadFactor!.value)} % — ${k.engineLoadFactor!.band}`);
    expect(flat).toContain(`${fmt(k.cii!.attained, 2)} g CO₂/(t·nm), required ${fmt(k.cii!.required, 2)}`);
    expect(flat).toContain("Appendix — formulas and sources");
    expect(flat).toContain("MEPC.352(78)");
    expect(flat).toContain(`Page 1 of ${pages}`);
    expect(flat).toContain(`Page ${pages} of ${pages}`);
    // a real embedded TrueType font, and none of the 14 standard (unembedded) fonts
    const raw = pdf.toString("latin1");
    expect(raw).toContain("/FontFile2");
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
  }, 60_000);

  it("states the hull recommendation with its confidence, the CII projection and the data quality", async () => {
    const { pdf } = await buildVesselReport({ db: t.db }, orgId, shipIds[0]!, {
      range: "30days",
      voyage: "all",
      engine: "main",
    });
    const flat = (await pdfText(pdf)).text;
    expect(flat).toMatch(/Confidence (high|medium|low) — /);
    expect(flat).toContain("Year-end projection");
    expect(flat).toContain("Data quality (last 30 days)");
    expect(flat).toContain("Alerts are not available in this installation");
    // the daily fuel chart is a rate, and its partial days (the range's first and last) are named as on
    // screen, from the section's own answer (issue 35 item 3)
    const consumption = (
      await t.app.inject({
        url: `/api/ships/${shipIds[0]}/analysis/fuel-fuel-consumption?range=30days&voyage=all&engine=main`,
        headers: { cookie: demo },
      })
    ).json();
    const note = partialDaysNote(consumption.daily);
    expect(note).toMatch(/^Partial days .*\(\d+(\.\d)? h\)/);
    expect(flat).toContain(note);
    expect(flat).toContain("Fuel consumption per day, by fuel type");
  }, 60_000);

  it("carries the screen's CII projection with its interval and both ratings, the cleaning figures and the ETS allowances (issue 32 item 5)", async () => {
    const id = shipIds[0]!;
    const query = "range=30days&engine=main";
    const section = async (name: string) => {
      const res = await t.app.inject({
        url: `/api/ships/${id}/analysis/${name}?${query}`,
        headers: { cookie: demo },
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const [compliance, hull] = [
      await section("environment-compliance"),
      await section("hull-hull-analytics"),
    ];
    const res = await t.app.inject({ url: `/api/reports/vessel/${id}?${query}`, headers: { cookie: demo } });
    const flat = (await pdfText(res.rawPayload)).text;
    const p = compliance.cii.projection;
    expect(flat).toContain(`${fmt(p.attained, 2)} (${p.rating})`);
    expect(flat).toContain(`${fmt(p.low, 2)}–${fmt(p.high, 2)}, rating ${p.lowRating} to ${p.highRating}`);
    expect(flat).toContain(`Interval basis ${intervalBasisLabel(p.basis)}`);
    const r = hull.recommendation;
    expect(r).not.toBeNull();
    expect(flat).toContain(
      `${fmt(r.extraFuelTonnesPerDay, 2)} t/day at sea (${fmt(r.extraCostPerDay, 0)} ${r.currency}/day)`,
    );
    expect(flat).toContain(`${fmt(r.breakEvenDays, 0)} days (${r.breakEvenDate})`);
    expect(flat).toContain(`Confidence ${r.confidence.level} — `);
    const e = compliance.ets;
    expect(e).not.toBeNull();
    expect(flat).toContain(`${fmt(e.allowances, 1)} allowances to surrender in ${e.surrenderYear}`);
    expect(flat).toContain(
      e.cost === null ? "set an EUA price for the cost" : `cost ${fmt(e.cost, 0)} ${e.currency}`,
    );
  }, 60_000);

  it("lists the open alerts it is given", async () => {
    const alerts = [
      {
        type: "hullFouling" as const,
        severity: "high" as const,
        title: "Speed loss 7.4 % above the 5 % threshold",
        message: "Hull fouling",
        occurredAt: now.toISOString(),
      },
    ];
    const { pdf } = await buildVesselReport(
      { db: t.db, openAlerts: async () => alerts },
      orgId,
      shipIds[0]!,
      {
        range: "7days",
        voyage: "all",
        engine: "main",
      },
    );
    expect((await pdfText(pdf)).text).toContain("Speed loss 7.4 % above the 5 % threshold");
  }, 60_000);

  it("answers 404 for another organisation's ship and lets a viewer download", async () => {
    const res = await t.app.inject({
      url: `/api/reports/vessel/${shipIds[0]}`,
      headers: { cookie: other.cookie },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not_found");
    const viewer = await t.addMember(
      { cookie: demo, email: DEMO_EMAIL, password: DEMO_PASSWORD, orgId, userId: 0 },
      "viewer",
    );
    const asViewer = await t.app.inject({
      url: `/api/reports/vessel/${shipIds[1]}`,
      headers: { cookie: viewer.cookie },
    });
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.headers["content-type"]).toBe("application/pdf");
    const signedOut = await t.app.inject({ url: `/api/reports/vessel/${shipIds[0]}` });
    expect(signedOut.statusCode).toBe(401);
    const bad = await t.app.inject({
      url: `/api/reports/vessel/${shipIds[0]}?range=custom`,
      headers: { cookie: demo },
    });
    expect(bad.statusCode).toBe(400);
  }, 60_000);

  it("answers 503 when the database connections are killed half-way, and the next report works", async () => {
    const killer = new pg.Client({ connectionString: t.database.url });
    await killer.connect();
    let done = false;
    const pending = t.app
      .inject({ url: `/api/reports/vessel/${shipIds[0]}?range=30days`, headers: { cookie: demo } })
      .finally(() => {
        done = true;
      });
    await new Promise((r) => setTimeout(r, 5)); // the report takes far longer: the kills land inside it
    while (!done) {
      await killer.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      await new Promise((r) => setTimeout(r, 20));
    }
    await killer.end();
    const res = await pending;
    expect(res.statusCode, res.body.slice(0, 200)).toBe(503);
    expect(res.json().error.code).toBe("unavailable");
    const again = await t.app.inject({ url: `/api/reports/vessel/${shipIds[0]}`, headers: { cookie: demo } });
    expect(again.statusCode).toBe(200);
  }, 60_000);

  it.skipIf(!hasPdftoppm())(
    "renders every page to an image (pdftoppm)",
    async () => {
      const { pdf } = await buildVesselReport({ db: t.db }, orgId, shipIds[0]!, {
        range: "30days",
        voyage: "all",
        engine: "all",
      });
      const dir = process.env.REPORT_PNG_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "sextant-report-"));
      fs.mkdirSync(dir, { recursive: true });
      for (const f of fs.readdirSync(dir)) if (/^page-\d+\.png$/.test(f)) fs.rmSync(path.join(dir, f));
      fs.writeFileSync(path.join(dir, "vessel-report.pdf"), pdf);
      execFileSync("pdftoppm", [
        "-png",
        "-r",
        "60",
        path.join(dir, "vessel-report.pdf"),
        path.join(dir, "page"),
      ]);
      const pngs = fs.readdirSync(dir).filter((f) => /^page-\d+\.png$/.test(f));
      expect(pngs.length).toBe((await pdfText(pdf)).pages);
      for (const f of pngs) expect(fs.statSync(path.join(dir, f)).size).toBeGreaterThan(5_000);
      if (!process.env.REPORT_PNG_DIR) fs.rmSync(dir, { recursive: true });
    },
    60_000,
  );
});

function hasPdftoppm(): boolean {
  try {
    execFileSync("pdftoppm", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}
