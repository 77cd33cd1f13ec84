/**
 * The demo organisation (PRODUCT.md D8): created on first start with an empty embedded database, clearly
 * labelled as demo data, so that the product can be explored at once. Its telemetry comes from the fleet
 * simulator; here are its ships and voyages.
 */
import { count } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import { memberships, organizations, ships, users, voyages } from "../db/schema";

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

const DEMO_VOYAGES: Record<
  string,
  {
    voyageNumber: string;
    origin: string;
    destination: string;
    days: [number, number | null];
    cargoTonnes: number;
  }[]
> = {
  "Aurora Bulker": [
    {
      voyageNumber: "AB-2601",
      origin: "Tubarão",
      destination: "Qingdao",
      days: [-80, -38],
      cargoTonnes: 76_000,
    },
    {
      voyageNumber: "AB-2602",
      origin: "Qingdao",
      destination: "Port Hedland",
      days: [-35, -24],
      cargoTonnes: 0,
    },
    {
      voyageNumber: "AB-2603",
      origin: "Port Hedland",
      destination: "Rotterdam",
      days: [-20, null],
      cargoTonnes: 78_500,
    },
  ],
  "Boreas Express": [
    {
      voyageNumber: "BE-2611",
      origin: "Shanghai",
      destination: "Rotterdam",
      days: [-60, -29],
      cargoTonnes: 38_000,
    },
    {
      voyageNumber: "BE-2612",
      origin: "Rotterdam",
      destination: "Singapore",
      days: [-25, null],
      cargoTonnes: 31_000,
    },
  ],
  "Celeste Tanker": [
    {
      voyageNumber: "CT-2621",
      origin: "Ras Tanura",
      destination: "Ningbo",
      days: [-50, -30],
      cargoTonnes: 102_000,
    },
    { voyageNumber: "CT-2622", origin: "Ningbo", destination: "Fujairah", days: [-27, -12], cargoTonnes: 0 },
    {
      voyageNumber: "CT-2623",
      origin: "Fujairah",
      destination: "Rotterdam",
      days: [-8, null],
      cargoTonnes: 98_000,
    },
  ],
};

export type DemoSignIn = { organizationName: string; email: string; password: string };

/** Creates the demo organisation when the database has no organisation at all; returns its sign-in. */
export async function seedDemoIfEmpty(db: Db, now = new Date()): Promise<DemoSignIn | undefined> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(organizations);
  if (n > 0) return undefined;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const day = 86_400_000;
  await db.transaction(async (tx) => {
    const [org] = await tx
      .insert(organizations)
      .values({ name: DEMO_ORGANIZATION_NAME, isDemo: true })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({ email: DEMO_EMAIL, passwordHash, firstName: "Demo", lastName: "User" })
      .returning();
    await tx.insert(memberships).values({ orgId: org!.id, userId: user!.id, role: "owner" });
    for (const particulars of DEMO_SHIPS) {
      const [ship] = await tx
        .insert(ships)
        .values({ ...particulars, orgId: org!.id })
        .returning();
      for (const v of DEMO_VOYAGES[particulars.name] ?? []) {
        await tx.insert(voyages).values({
          orgId: org!.id,
          shipId: ship!.id,
          voyageNumber: v.voyageNumber,
          origin: v.origin,
          destination: v.destination,
          departureDate: new Date(now.getTime() + v.days[0] * day),
          arrivalDate: v.days[1] === null ? null : new Date(now.getTime() + v.days[1] * day),
          status: v.days[1] === null ? "active" : "completed",
          cargoTonnes: v.cargoTonnes,
        });
      }
    }
  });
  return { organizationName: DEMO_ORGANIZATION_NAME, email: DEMO_EMAIL, password: DEMO_PASSWORD };
}
