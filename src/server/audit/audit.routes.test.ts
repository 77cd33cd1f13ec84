import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditEntry, AuditPage } from "../../contracts/audit";
import { createTestApp, shipBody, type TestUser } from "../test/test-app";
import { uploadFile } from "../uploads/upload-test-helpers";

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: TestUser;
let stranger: TestUser;
let shipId: number;

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const call = (user: TestUser, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
const ok = async (user: TestUser, method: Method, url: string, payload?: object) => {
  const res = await call(user, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res;
};
const stepUp = (user: TestUser) => ok(user, "POST", "/api/auth/step-up", { password: user.password });

async function allEntries(user: TestUser, query = ""): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let before: number | null = null;
  do {
    const sep = query ? "&" : "";
    const page: AuditPage = (
      await ok(user, "GET", `/api/audit?${query}${sep}limit=7${before ? `&before=${before}` : ""}`)
    ).json();
    entries.push(...page.entries);
    before = page.nextBefore;
  } while (before);
  return entries;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerOwner();
  stranger = await t.registerOwner();
  shipId = (await ok(owner, "POST", "/api/ships", shipBody({ name: "Audit Star" }))).json().id;
});
afterAll(() => t.close());

describe("audit trail", () => {
  it("records an entry for each kind of write that exists today, with before and after for edits", async () => {
    await ok(owner, "PATCH", `/api/ships/${shipId}`, { deadweight: 51_000 });
    const voyageId = (
      await ok(owner, "POST", "/api/voyages", {
        shipId,
        voyageNumber: "A1",
        origin: "Rotterdam",
        destination: "Santos",
        departureDate: "2026-01-01",
      })
    ).json().id;
    await ok(owner, "PATCH", `/api/voyages/${voyageId}`, { destination: "Itaqui" });
    await ok(owner, "POST", "/api/fuel-data", {
      shipId,
      timestamp: "2026-01-02T00:00:00Z",
      sfoc: 180,
      fuelConsumptionRate: 20,
      fuelType: "HFO",
    });
    await ok(owner, "PUT", "/api/settings/eeoi-target", { eeoiTarget: 9.5 });
    await ok(owner, "PUT", "/api/settings/fuel-prices", {
      currency: "EUR",
      prices: [{ fuelType: "HFO", pricePerTonne: 520, validFrom: "2025-01-01" }],
    });
    await ok(owner, "PUT", "/api/settings/hull-cleaning-cost", { hullCleaningCost: 30_000 });
    await ok(owner, "PUT", "/api/settings/exclude-flagged-reports", { excludeFlaggedReports: true });
    await ok(owner, "PUT", "/api/settings/eua-price", { euaPrice: 70 });
    const eventId = (
      await ok(owner, "POST", "/api/maintenance-events", {
        shipId,
        type: "hull-cleaning",
        date: "2025-06-01",
      })
    ).json().id;
    await ok(owner, "PATCH", `/api/maintenance-events/${eventId}`, { notes: "divers" });
    await ok(owner, "DELETE", `/api/maintenance-events/${eventId}`);
    const csv = [
      "Ship ID,Voyage ID,Date,SFOC,Fuel Rate,Engine Load,Speed STW,Speed SOG,Engine Power,Fuel Type,CO2 Emissions",
      ...[3, 4, 5].map((d) => `Audit Star,,2026-01-0${d},181,21,70,12,12.2,7000,HFO,`),
    ].join("\n");
    const upload = await uploadFile(
      t.app,
      owner,
      { filename: "fuel.csv", content: csv },
      { dataType: "fuel" },
    );
    expect(upload.statusCode).toBe(200);
    expect(await t.app.metrics.registry.getSingleMetricAsString("sextant_upload_rows_total")).toContain(
      'sextant_upload_rows_total{data_type="fuel",outcome="new"} 3',
    );
    const analyst = await t.addMember(owner, "analyst");
    await stepUp(owner);
    await ok(owner, "PATCH", `/api/org/members/${analyst.userId}`, { role: "viewer" });
    await ok(owner, "DELETE", `/api/org/members/${analyst.userId}`);
    await ok(owner, "POST", "/api/calculate-cii", {
      shipType: "Bulk Carrier",
      deadweight: 50_000,
      fuelConsumption: 5_000,
      distance: 50_000,
      year: 2024,
    }).catch(() => undefined); // a calculation: never an entry, whatever its answer
    await ok(owner, "DELETE", `/api/voyages/${voyageId}`);

    const entries = await allEntries(owner);
    const kinds = new Set(entries.map((e) => e.kind));
    for (const kind of [
      "ship.create",
      "ship.update",
      "voyage.create",
      "voyage.update",
      "voyage.delete",
      "record.create",
      "settings.update",
      "settings.eua-price.update",
      "maintenance-events.create",
      "maintenance-events.update",
      "maintenance-events.delete",
      "upload",
      "member.add",
      "member.role",
      "member.remove",
      "auth.step-up",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(entries.some((e) => e.route === "/api/calculate-cii")).toBe(false);
    // One upload entry with its counts, not one per record.
    const uploads = entries.filter((e) => e.kind === "upload");
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.details).toMatchObject({ fileName: "fuel.csv", new: 3, rejected: 0 });
    expect(entries.filter((e) => e.kind === "record.create")).toHaveLength(1);
    const shipEdit = entries.find((e) => e.kind === "ship.update")!;
    expect(shipEdit).toMatchObject({ actorEmail: owner.email, userId: owner.userId, target: { shipId } });
    expect((shipEdit.before as { deadweight: number }).deadweight).toBe(50_000);
    expect((shipEdit.after as { deadweight: number }).deadweight).toBe(51_000);
    const role = entries.find((e) => e.kind === "member.role")!;
    expect([(role.before as { role: string }).role, (role.after as { role: string }).role]).toEqual([
      "analyst",
      "viewer",
    ]);
    const eeoi = entries.find((e) => e.kind === "settings.update" && e.target?.setting === "eeoi-target")!;
    expect([eeoi.before, eeoi.after]).toEqual([{ eeoiTarget: null }, { eeoiTarget: 9.5 }]);
    const generic = entries.find((e) => e.kind === "maintenance-events.delete")!;
    expect(generic).toMatchObject({ method: "DELETE", status: 204, target: { id: eventId } });
    // Newest first, ids strictly falling across the pages.
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
  });

  it("filters by kind (or its first part), actor and time", async () => {
    const ships = await allEntries(owner, "kind=ship");
    expect(ships.length).toBeGreaterThanOrEqual(2);
    expect(ships.every((e) => e.kind.startsWith("ship."))).toBe(true);
    expect((await allEntries(owner, "kind=ship.update")).every((e) => e.kind === "ship.update")).toBe(true);
    expect(await allEntries(owner, "actor=nobody-like-this")).toEqual([]);
    expect(
      (await allEntries(owner, `actor=${owner.email.slice(0, 8).toUpperCase()}`)).length,
    ).toBeGreaterThan(0);
    expect(await allEntries(owner, "from=2099-01-01")).toEqual([]);
    expect(await allEntries(owner, "to=2000-01-01")).toEqual([]);
    expect((await call(owner, "GET", "/api/audit?from=2025-02-30")).statusCode).toBe(400);
    expect((await call(owner, "GET", "/api/audit?limit=201")).statusCode).toBe(400);
  });

  it("another organisation sees none of it and its writes do not land in it", async () => {
    await stepUp(stranger);
    expect(await allEntries(stranger)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ actorEmail: owner.email })]),
    );
    expect((await call(stranger, "PATCH", `/api/ships/${shipId}`, { deadweight: 1 })).statusCode).toBe(404);
    const mine = await allEntries(owner);
    expect(mine.some((e) => e.actorEmail === stranger.email)).toBe(false);
  });

  it("needs an owner or admin with an elevated session", async () => {
    const viewer = await t.addMember(owner, "viewer");
    expect((await call(viewer, "GET", "/api/audit")).statusCode).toBe(403);
    const admin = await t.addMember(owner, "admin");
    expect((await call(admin, "GET", "/api/audit")).json().error.code).toBe("step_up_required");
    expect((await t.app.inject({ method: "GET", url: "/api/audit" })).statusCode).toBe(401);
  });

  it("is append-only for the application: UPDATE, DELETE and TRUNCATE are refused", async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => "done",
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
    expect(await refusal(sql`update audit_log set kind = 'x'`)).toBe(
      "audit_log is append-only: UPDATE refused",
    );
    expect(await refusal(sql`delete from audit_log`)).toBe("audit_log is append-only: DELETE refused");
    expect(await refusal(sql`truncate audit_log`)).toBe("audit_log is append-only: TRUNCATE refused");
  });

  it("a write that fails leaves no entry (the entry is in the write's transaction)", async () => {
    const before = (await allEntries(owner)).length;
    const dup = await call(owner, "POST", "/api/ships", shipBody({ name: "Audit Star" }));
    expect(dup.statusCode).toBeGreaterThanOrEqual(400);
    expect((await allEntries(owner)).length).toBe(before);
  });
});
