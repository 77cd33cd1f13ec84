import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSimulatedHistory } from "../simulation/load-simulated-history";
import { createTestDatabase } from "../test/test-database";
import { seedDemoIfEmpty } from "./seed-demo";

describe("simulated history in PostgreSQL", () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  const count = async (table: string, where = "true") =>
    Number((await db.pool.query(`select count(*) as n from ${table} where ${where}`)).rows[0].n);

  it("loads voyages and every series with COPY, and a re-run adds nothing", async () => {
    const org = (await db.pool.query("insert into organizations (name) values ('sim') returning id")).rows[0]
      .id;
    const ship = (
      await db.pool.query(
        "insert into ships (org_id, name, imo_number, ship_type, deadweight) values ($1, 'Test Tanker', '9074729', 'tanker', 110000) returning *",
        [org],
      )
    ).rows[0];
    const options = {
      years: 60 / 365,
      cadence: "1h",
      seed: 3,
      end: new Date("2025-06-01T00:00:00Z"),
    } as const;
    const first = await loadSimulatedHistory(
      db.pool,
      org,
      [{ ...ship, imoNumber: ship.imo_number, shipType: ship.ship_type }],
      options,
    );
    expect(first.inserted).toBe(first.staged - first.rows.voyage!);
    expect(await count("ships", `org_id = ${org}`)).toBe(1);
    expect(await count("fuel_data", `ship_id = ${ship.id}`)).toBeGreaterThan(60 * 24);
    expect(await count("environmental_data", `ship_id = ${ship.id}`)).toBe(60 * 24);
    expect(await count("voyages", `ship_id = ${ship.id}`)).toBeGreaterThan(0);
    expect(await count("fuel_data", `ship_id = ${ship.id} and voyage_id is not null`)).toBeGreaterThan(0);
    const again = await loadSimulatedHistory(
      db.pool,
      org,
      [{ ...ship, imoNumber: ship.imo_number, shipType: ship.ship_type }],
      options,
    );
    expect(again.inserted).toBe(0);
  });

  // two years of hourly rows: about 20 s on a quiet two-core machine with four test files at once
  it("seeds the demo organisation with two years of hourly history ending now", async () => {
    const fresh = await createTestDatabase();
    try {
      const now = new Date("2026-03-01T10:30:00Z");
      expect(await seedDemoIfEmpty(fresh, now)).toBeDefined();
      const r = await fresh.pool.query(
        "select s.name, count(*)::int n, max(f.ts) last from fuel_data f join ships s on s.id = f.ship_id where f.consumer = 'auxiliary' group by s.name order by s.name",
      );
      expect(r.rows).toHaveLength(3);
      for (const row of r.rows) {
        expect(row.n).toBe(730 * 24);
        expect(new Date(row.last).toISOString()).toBe("2026-03-01T10:00:00.000Z");
      }
      const hull = await fresh.pool.query(
        "select s.name, h.roughness_index from hull_condition h join ships s on s.id = h.ship_id order by h.ts desc limit 3",
      );
      const aurora = hull.rows.find((x) => x.name === "Aurora Bulker");
      expect(aurora.roughness_index).toBeGreaterThanOrEqual(150);
      expect(
        Number((await fresh.pool.query("select count(*) n from voyages where status = 'active'")).rows[0].n),
      ).toBeLessThanOrEqual(3);
    } finally {
      await fresh.drop();
    }
  }, 120_000);
});
