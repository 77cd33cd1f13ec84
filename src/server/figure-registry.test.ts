/**
 * Issue 35 item 1: a figure the product shows in more than one place is computed once and reads the same
 * wherever it appears. Over the demo fleet (hourly records) and a simulated fleet of daily noon reports (the
 * simulator's full model: weather, fouling, drift, noise, maintenance) in a second organisation, each place is read through its real output (the API answers the
 * screens draw, the PDF's text, the fleet page) and compared with the one answer. Places that mean something
 * else say so in their labels (Latest Records: 'reported by the ship', 'as recorded').
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { fmt } from "../domain/alerts/alert-types";
import { FleetSimulation, spanEnding } from "../simulator/fleet";
import { evaluateShip } from "./alerts/alert-evaluation";
import type { AlertNotification } from "./alerts/alert-notification";
import { alertEmail, formatFigure } from "./alerts/delivery/alert-messages";
import { loadFleet } from "./simulation/load-fleet";
import { seedAndSignInDemo } from "./test/demo-sign-in";
import { pdfText } from "./test/pdf-text";
import { createTestApp } from "./test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
type Fleet = { orgId: number; cookie: string; ships: { id: number; name: string }[] };
const fleets: Record<"demo" | "simulated noon reports", Fleet> = {
  demo: { orgId: 0, cookie: "", ships: [] },
  "simulated noon reports": { orgId: 0, cookie: "", ships: [] },
};
const now = new Date("2026-03-01T10:30:00Z");
const q = "range=custom&from=2026-01-30&to=2026-03-01&engine=all";

async function shipsOf(orgId: number) {
  return (await t.database.pool.query("select id, name from ships where org_id = $1 order by id", [orgId]))
    .rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const demoCookie = await seedAndSignInDemo(t, now);
  const demoOrg = Number((await t.database.pool.query("select org_id from ships limit 1")).rows[0].org_id);
  fleets.demo = { orgId: demoOrg, cookie: demoCookie, ships: await shipsOf(demoOrg) };
  const owner = await t.registerOwner();
  const simulation = new FleetSimulation({
    ships: [{ shipType: "bulk_carrier" }, { shipType: "container_ship" }],
    seed: 35,
    cadence: "24h",
    ...spanEnding(now.getTime(), 1.2, "24h"),
  });
  await loadFleet(t.database.pool, owner.orgId, simulation);
  await t.database.pool.query(
    "insert into fuel_prices (org_id, fuel_type, price_per_tonne, valid_from) values ($1, 'HFO', 612.5, '2024-01-01'), ($1, 'MGO', 850, '2024-01-01'), ($1, 'MDO', 790, '2024-01-01')",
    [owner.orgId],
  );
  fleets["simulated noon reports"] = {
    orgId: owner.orgId,
    cookie: owner.cookie,
    ships: await shipsOf(owner.orgId),
  };
}, 600_000);
afterAll(() => t.close());

async function json(url: string, cookie = fleets.demo.cookie) {
  const res = await t.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
}
const section = (id: number, name: string, cookie = fleets.demo.cookie) =>
  json(`/api/ships/${id}/analysis/${name}?${q}`, cookie);
const grouped = (n: number, digits: number) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe.each(Object.keys(fleets) as (keyof typeof fleets)[])(
  "one figure, one answer, on the %s fleet",
  (name) => {
    it("every ship's figures agree between the cards, the sidebar, the sections, the fleet page and the PDF", async () => {
      const { cookie, ships } = fleets[name];
      expect(ships.length).toBeGreaterThan(1);
      const fleet = await json("/api/fleet", cookie);
      let compared = 0;
      for (const ship of ships) {
        const [dashboard, summary, cost, condition, analytics, trim] = await Promise.all([
          json(`/api/dashboard/${ship.id}?${q}`, cookie),
          json(`/api/ships/${ship.id}/analysis-summary?${q}`, cookie),
          section(ship.id, "fuel-fuel-cost", cookie),
          section(ship.id, "hull-hull-condition", cookie),
          section(ship.id, "hull-hull-analytics", cookie),
          section(ship.id, "engine-trim-optimization", cookie),
        ]);
        const pdf = await t.app.inject({ url: `/api/reports/vessel/${ship.id}?${q}`, headers: { cookie } });
        expect(pdf.statusCode).toBe(200);
        const { text } = await pdfText(pdf.rawPayload);
        const line = fleet.ships.find((s: { id: number }) => s.id === ship.id);
        const at = `${ship.name}: `;

        // CII of the year: the KPI card, the fleet page and the PDF
        const cii = dashboard.kpis.cii;
        expect(cii.attained, `${at}CII`).not.toBeNull();
        expect(line.cii.attained, `${at}fleet CII`).toBeCloseTo(cii.attained, 9);
        expect(line.cii.rating, `${at}fleet CII rating`).toBe(cii.rating);
        expect(text, `${at}PDF CII`).toContain(`CII year to date ${cii.attained.toFixed(2)} g CO₂/(t·nm)`);
        expect(text, `${at}PDF CII rating`).toContain(`rating ${cii.rating}`);

        // cost per nautical mile: the sidebar, the Fuel Cost section and the PDF
        expect(
          cost.summary.costPerNm,
          `${at}cost per nm (unpriced: ${cost.unpricedFuelTypes})`,
        ).not.toBeNull();
        expect(summary.fuel.costPerNm, `${at}cost per nm`).toBeCloseTo(cost.summary.costPerNm, 9);
        expect(text, `${at}PDF cost per nm`).toContain(
          `Cost per nm ${grouped(cost.summary.costPerNm, 1)} USD/nm`,
        );

        // the hull now: Hull Condition and the fleet page (both empty where the analysis has no current state)
        const hullNow = condition.current;
        if (hullNow === null)
          expect([line.excessPowerPercent, line.speedLossPercent], `${at}hull now`).toEqual([null, null]);
        else {
          expect(line.excessPowerPercent, `${at}excess power`).toBeCloseTo(
            hullNow.excessPowerPercent.value,
            9,
          );
          expect(line.speedLossPercent, `${at}speed loss`).toBeCloseTo(hullNow.speedLossPercent.value, 9);
        }

        // days since the hull was last cleaned (a cleaning or a docking): the sidebar and Hull Condition
        const cleanings = condition.daysSince.filter((d: { type: string }) =>
          ["hull-cleaning", "dry-docking"].includes(d.type),
        );
        if (cleanings.length > 0)
          expect(summary.hull.daysSinceLastCleaning, `${at}days since cleaning`).toBe(
            Math.min(...cleanings.map((d: { days: number }) => d.days)),
          );

        // trim now: the sidebar and Trim Optimization
        expect(summary.engine.trimM, `${at}trim`).toBe(trim.current?.trimM ?? null);

        // the cleaning recommendation: Advanced Analytics and the PDF
        const r = analytics.recommendation;
        if (r) {
          expect(text, `${at}PDF extra fuel`).toContain(
            `Extra fuel from fouling ${r.extraFuelTonnesPerDay.toFixed(2)} t/day at sea (${grouped(r.extraCostPerDay, 0)} USD/day)`,
          );
          if (r.breakEvenDays !== null)
            expect(text, `${at}PDF break-even`).toContain(
              `Break-even of a cleaning today ${r.breakEvenDays} days (${r.breakEvenDate})`,
            );
          compared += 1;
        }
      }
      // the demo fleet holds a recommendation to compare (the overdue Aurora Bulker at least)
      if (name === "demo") expect(compared).toBeGreaterThan(0);
    }, 120_000);

    it("the CSV export's records add up to the Fuel Consumption section's totals", async () => {
      const { cookie, ships } = fleets[name];
      for (const ship of ships) {
        const res = await t.app.inject({
          url: `/api/exports/${ship.id}?format=csv&type=fuel&${q}`,
          headers: { cookie },
        });
        expect(res.statusCode).toBe(200);
        const [header, ...rows] = res.body
          .trim()
          .split(/\r?\n/)
          .map((l) => l.split(","));
        const col = (name: string) => header!.findIndex((h) => h.replace(/"/g, "") === name);
        const [rate, period, distance] = [col("Fuel Rate (t/day)"), col("Period (h)"), col("Distance (nm)")];
        expect(Math.min(rate, period, distance), header!.join(",")).toBeGreaterThanOrEqual(0);
        let fuel = 0;
        let nm = 0;
        for (const r of rows) {
          fuel += (Number(r[rate]) * Number(r[period])) / 24;
          nm += Number(r[distance] || 0);
        }
        const { summary } = await section(ship.id, "fuel-fuel-consumption", cookie);
        expect(fuel, `${ship.name}: fuel`).toBeCloseTo(summary.totalFuelT, 6);
        expect(nm, `${ship.name}: distance`).toBeCloseTo(summary.distanceNm, 6);
      }
    }, 120_000);
  },
);

describe("the demo fleet's alerts", () => {
  it("each alert and its e-mail carry the figure of the section its link opens", async () => {
    const { ships, orgId } = fleets.demo;
    const sent: AlertNotification[] = [];
    const deps = {
      db: t.db,
      jobs: {
        send: async (_job: unknown, n: AlertNotification) => {
          sent.push(n);
          return null;
        },
      },
      log: t.app.log,
    };
    for (const ship of ships) await evaluateShip(deps as never, orgId, ship.id, now);
    // the demo fleet opens hull fouling, maintenance and CII alerts (Aurora) and an SFOC one (Celeste)
    expect(new Set(sent.map((n) => n.type))).toEqual(
      new Set(["hullFouling", "maintenanceSchedule", "ciiCompliance", "fuelEfficiency"]),
    );
    // the link's relative range ('last 30 days') is read as the evaluation read it: at the demo's now
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      for (const n of sent) {
        const at = `${n.shipName} ${n.type}: `;
        const email = alertEmail(n, "https://sextant.example");
        expect(email.text, `${at}e-mail message`).toContain(n.message);
        expect(email.text, `${at}e-mail figure`).toContain(
          `Figure: ${formatFigure(n.figure.value, n.figure.unit)}`,
        );
        const link = new URL(n.link, "https://sextant.example");
        const query = new URLSearchParams(link.searchParams);
        const sectionName = query.get("section");
        query.delete("section");
        const shipId = Number(link.pathname.split("/").at(-1));
        const opened = await json(`/api/ships/${shipId}/analysis/${sectionName}?${query}`);
        if (n.type === "hullFouling") {
          expect(sectionName).toBe("hull-hull-condition");
          const loss = opened.current.speedLossPercent;
          expect(n.figure.value, `${at}speed loss`).toBeCloseTo(loss.value, 9);
          expect(n.message).toContain(
            `Speed loss ${fmt(loss.value)} % (95 % interval ${fmt(loss.low)}–${fmt(loss.high)} %)`,
          );
        } else if (n.type === "maintenanceSchedule") {
          expect(sectionName).toBe("hull-hull-analytics");
          const r = opened.recommendation;
          expect(r.action, `${at}action`).toBe("clean-now");
          expect(n.message).toContain(`fouling costs ${fmt(r.extraFuelTonnesPerDay)} t fuel per day at sea`);
        } else if (n.type === "ciiCompliance") {
          expect(sectionName).toBe("environment-compliance");
          const upper = opened.cii.margins.find((m: { boundary: string }) => m.boundary === "upper");
          expect(n.figure.value, `${at}days to the C/D boundary`).toBe(upper.days);
          expect(n.message).toContain(opened.cii.projection.rating);
        } else {
          expect(n.type).toBe("fuelEfficiency");
          const { kpis } = await json(`/api/dashboard/${shipId}?${query}`);
          expect(n.figure.value, `${at}SFOC difference`).toBeCloseTo(kpis.sfoc.differencePercent, 9);
          expect(n.message).toContain(`SFOC ${fmt(kpis.sfoc.value)} g/kWh`);
        }
      }
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);
});
