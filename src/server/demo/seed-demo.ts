/**
 * The demo organisation (PRODUCT.md D8): created on first start with an empty embedded database, clearly
 * labelled as demo data, so that the product can be explored at once. Its ships are fixed here; their
 * voyages and two years of hourly telemetry (fuel, weather, hull, trim, auxiliary, compliance) come from the
 * fleet simulator, streamed in with COPY after the organisation is committed.
 */
import { count, eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import type { Database } from "../db/client";
import { memberships, organizations, ships, users } from "../db/schema";
import { loadSimulatedHistory } from "../simulation/load-simulated-history";

export const DEMO_ORGANIZATION_NAME = "Demo Fleet (simulated data)";
export const DEMO_EMAIL = "demo@sextant.example";
export const DEMO_PASSWORD = "sextant-demo";

const DEMO_SHIPS = [
  {
    name: "Aurora Bulker",
    imoNumber: "9312456",
    shipType: "bulk_carrier",
    deadweight: 81_600,
    grossTonnage: 44_000,
    enginePowerKw: 9_960,
    designSpeedKn: 14.2,
    lengthM: 229,
    beamM: 32.3,
    designDraughtM: 14.5,
    yearBuilt: 2015,
  },
  {
    name: "Boreas Express",
    imoNumber: "9428712",
    shipType: "container_ship",
    deadweight: 52_400,
    grossTonnage: 47_000,
    enginePowerKw: 36_560,
    designSpeedKn: 22.5,
    lengthM: 294,
    beamM: 32.2,
    designDraughtM: 13.5,
    yearBuilt: 2011,
  },
  {
    name: "Celeste Tanker",
    imoNumber: "9555034",
    shipType: "tanker",
    deadweight: 115_000,
    grossTonnage: 62_000,
    enginePowerKw: 15_820,
    designSpeedKn: 15.0,
    lengthM: 250,
    beamM: 44.0,
    designDraughtM: 15.0,
    yearBuilt: 2018,
  },
] as const;

/** The demo's story lines (ISSUE 4): the bulker is overdue for hull cleaning, the tanker's engine drifts. */
const DEMO_SCENARIOS = [{ overdueHullCleaning: true }, {}, { driftingEngine: true }] as const;

/** Two years of hourly simulated history ending at `now`; fixed seed, so every fresh demo is the same. */
export const DEMO_HISTORY = { years: 2, cadence: "1h", seed: "sextant-demo" } as const;

export type DemoSignIn = { organizationName: string; email: string; password: string };

/** Creates the demo organisation when the database has no organisation at all; returns its sign-in. */
export async function seedDemoIfEmpty(
  database: Pick<Database, "db" | "longPool">,
  now = new Date(),
): Promise<DemoSignIn | undefined> {
  const { db } = database;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(organizations);
  if (n > 0) return undefined;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_ORGANIZATION_NAME, isDemo: true })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({ email: DEMO_EMAIL, passwordHash, firstName: "Demo", lastName: "User" })
      .returning();
    await tx.insert(memberships).values({ orgId: org!.id, userId: user!.id, role: "owner" });
    const rows = await tx
      .insert(ships)
      .values(DEMO_SHIPS.map((particulars) => ({ ...particulars, orgId: org!.id })))
      .returning();
    return { orgId: org!.id, ships: rows };
  });
  const byImo = new Map(created.ships.map((s) => [s.imoNumber, s]));
  try {
    // COPY of 260,000 rows: on the long pool, whose statement timeout allows for a slow first start.
    await loadSimulatedHistory(
      database.longPool,
      created.orgId,
      DEMO_SHIPS.map((s) => byImo.get(s.imoNumber)!),
      { ...DEMO_HISTORY, end: now, scenarios: DEMO_SCENARIOS },
    );
  } catch (err) {
    // The history loads on connections of its own, after the organisation's commit: undo the organisation
    // so that the next start finds an empty database and tries again, rather than a demo without data.
    await db.delete(organizations).where(eq(organizations.id, created.orgId));
    await db.delete(users).where(eq(users.email, DEMO_EMAIL));
    throw err;
  }
  return { organizationName: DEMO_ORGANIZATION_NAME, email: DEMO_EMAIL, password: DEMO_PASSWORD };
}
