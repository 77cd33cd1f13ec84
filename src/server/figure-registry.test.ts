/**
 * Issue 35 item 1: a figure the product shows in more than one place is computed once and reads the same
 * wherever it appears. Over the demo fleet, each place is read through its real output (the API answers the
 * screens draw, the PDF's text, the fleet page) and compared with the one answer. Places that mean something
 * else say so in their labels (Latest Records: 'reported by the ship', 'as recorded').
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedAndSignInDemo } from "./test/demo-sign-in";
import { pdfText } from "./test/pdf-text";
import { createTestApp } from "./test/test-app";

let t: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let ships: { id: number; name: string }[];
const now = new Date("2026-03-01T10:30:00Z");
const q = "range=custom&from=2026-01-30&to=2026-03-01&engine=all";

beforeAll(async () => {
  t = await createTestApp();
  cookie = await seedAndSignInDemo(t, now);
  ships = (await t.database.pool.query("select id, name from ships order by id")).rows;
}, 600_000);
afterAll(() => t.close());

async function json(url: string) {
  const res = await t.app.inject({ url, headers: { cookie } });
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json();
}
const section = (id: number, name: string) => json(`/api/ships/${id}/analysis/${name}?${q}`);
const grouped = (n: number, digits: number) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

describe("one figure, one answer, on the demo fleet", () => {
  it("every ship's figures agree between the cards, the sidebar, the sections, the fleet page and the PDF", async () => {
    const fleet = await json("/api/fleet");
    let compared = 0;
    for (const ship of ships) {
      const [dashboard, summary, cost, condition, analytics, trim] = await Promise.all([
        json(`/api/dashboard/${ship.id}?${q}`),
        json(`/api/ships/${ship.id}/analysis-summary?${q}`),
        section(ship.id, "fuel-fuel-cost"),
        section(ship.id, "hull-hull-condition"),
        section(ship.id, "hull-hull-analytics"),
        section(ship.id, "engine-trim-optimization"),
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
      expect(summary.fuel.costPerNm, `${at}cost per nm`).toBeCloseTo(cost.summary.costPerNm, 9);
      expect(text, `${at}PDF cost per nm`).toContain(
        `Cost per nm ${grouped(cost.summary.costPerNm, 1)} USD/nm`,
      );

      // the hull now: Hull Condition and the fleet page
      expect(line.excessPowerPercent, `${at}excess power`).toBeCloseTo(
        condition.current.excessPowerPercent.value,
        9,
      );
      expect(line.speedLossPercent, `${at}speed loss`).toBeCloseTo(
        condition.current.speedLossPercent.value,
        9,
      );

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
    expect(compared).toBeGreaterThan(0);
  }, 120_000);
});
