/**
 * The schema against the rules a Citus cluster imposes when tables are distributed by `org_id` (decision
 * record 012): every constraint of a distributed table that Citus would refuse is listed here with the change
 * the plan makes. A table or constraint added later that breaks a rule fails this test until the plan says
 * what becomes of it. What this cannot verify (no Citus on this machine) is named in the decision record.
 *
 * Rules (Citus documentation, 'Distributing tables' and 'Creating and modifying distributed objects'):
 * - a distributed table's primary key and unique constraints include the distribution column;
 * - a foreign key between distributed tables includes the distribution column on both sides; from a
 *   distributed table to a reference table any key is allowed; a reference table references only reference
 *   tables.
 */
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

/**
 * Small, read on every request, or looked up before the organisation is known (a session token's or an API
 * key's digest): replicated to every node.
 */
const REFERENCE_TABLES = [
  "organizations",
  "users",
  "memberships",
  "sessions",
  "sign_in_throttle",
  "api_keys",
];

/** What Citus would refuse today, and the plan's change for each (decision record 012). */
const PLANNED_CHANGES: Record<string, string> = {
  "ships: unique ships_id_key (id)": "drop; (org_id, id) is the primary key",
  "voyages: unique voyages_id_key (id)": "drop; (org_id, id) is the primary key",
  "maintenance_events: unique maintenance_events_id_key (id)": "drop; (org_id, id) is the primary key",
  "audit_log: primary key (id)": "(org_id, id): entries are read per organisation, newest first",
  "alert_configs: primary key (id)": "(org_id, id): configurations are read per organisation",
  "alerts: primary key (id)": "(org_id, id): alerts are read and changed per organisation",
  "alert_deliveries: primary key (id)": "(org_id, id): the delivery log is read per organisation",
  "report_deliveries: primary key (id)": "(org_id, id): the monthly report's claims are per organisation",
  "share_links: unique share_links_id_key (id)": "drop; (org_id, id) is the primary key",
  "share_links: unique share_links_token_key (token_hash)":
    "(org_id, token_hash): the link carries its organisation (/shared/<orgId>.<token>) so the lookup routes",
  "auxiliary_data: foreign key (voyage_id) -> voyages": "(org_id, voyage_id) ON DELETE SET NULL (voyage_id)",
  "compliance_data: foreign key (voyage_id) -> voyages": "(org_id, voyage_id) ON DELETE SET NULL (voyage_id)",
  "environmental_data: foreign key (voyage_id) -> voyages":
    "(org_id, voyage_id) ON DELETE SET NULL (voyage_id)",
  "fuel_data: foreign key (voyage_id) -> voyages": "(org_id, voyage_id) ON DELETE SET NULL (voyage_id)",
  "hull_condition: foreign key (voyage_id) -> voyages": "(org_id, voyage_id) ON DELETE SET NULL (voyage_id)",
  "noon_reports: foreign key (voyage_id) -> voyages": "(org_id, voyage_id) ON DELETE SET NULL (voyage_id)",
  "trim_data: foreign key (voyage_id) -> voyages": "(org_id, voyage_id) ON DELETE SET NULL (voyage_id)",
};

type Table = ReturnType<typeof getTableConfig>;

const tables: Table[] = (Object.values(schema) as unknown[])
  .filter((t): t is PgTable => t instanceof PgTable)
  .map((t) => getTableConfig(t));

const names = (cols: readonly { name: string }[]) => cols.map((c) => c.name);

/** Every constraint of the schema that breaks a rule of the distribution. */
function violations(): string[] {
  const out: string[] = [];
  const distributed = new Set(
    tables
      .filter((t) => t.columns.some((c) => c.name === "org_id") && !REFERENCE_TABLES.includes(t.name))
      .map((t) => t.name),
  );
  for (const t of tables) {
    const isDistributed = distributed.has(t.name);
    const isReference = REFERENCE_TABLES.includes(t.name);
    if (!isDistributed && !isReference) out.push(`${t.name}: neither distributed (no org_id) nor reference`);
    if (isDistributed) {
      const keys = [
        ...t.primaryKeys.map((p) => ({ label: "primary key", cols: names(p.columns) })),
        ...t.columns.filter((c) => c.primary).map((c) => ({ label: "primary key", cols: [c.name] })),
        ...t.uniqueConstraints.map((u) => ({ label: `unique ${u.name}`, cols: names(u.columns) })),
        ...t.indexes
          .filter((i) => i.config.unique)
          .map((i) => ({
            label: `unique ${i.config.name}`,
            cols: names(i.config.columns as { name: string }[]),
          })),
      ];
      for (const k of keys)
        if (!k.cols.includes("org_id")) out.push(`${t.name}: ${k.label} (${k.cols.join(", ")})`);
    }
    for (const fk of t.foreignKeys) {
      const r = fk.reference();
      const target = getTableConfig(r.foreignTable).name;
      const cols = names(r.columns);
      if (isReference && !REFERENCE_TABLES.includes(target))
        out.push(`${t.name}: reference table references distributed ${target}`);
      if (
        isDistributed &&
        distributed.has(target) &&
        !(cols.includes("org_id") && names(r.foreignColumns).includes("org_id"))
      )
        out.push(`${t.name}: foreign key (${cols.join(", ")}) -> ${target}`);
    }
  }
  return out.sort();
}

describe("Citus readiness of the schema (distribution by org_id)", () => {
  it("breaks the distribution's rules only where the plan says how it changes", () => {
    expect(violations()).toEqual(Object.keys(PLANNED_CHANGES).sort());
  });

  it("names every reference table that exists", () => {
    const all = new Set(tables.map((t) => t.name));
    for (const r of REFERENCE_TABLES) expect(all.has(r)).toBe(true);
  });
});
