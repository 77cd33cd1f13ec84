/**
 * The organisation's tables, read from the Drizzle schema rather than listed by hand: every table with an
 * `org_id` column belongs to an organisation, so a table another feature adds (alerts, shares, API keys, the
 * audit log) is backed up, restored and counted without a change here. From the schema's foreign keys come the
 * order of a restore (referenced tables first) and the id remapping (a column referencing a table's identity
 * `id` takes that table's new ids).
 *
 * Left out, and why:
 * - derived tables (the daily rollups): recomputed from the records after a restore;
 * - secrets: a column named like a password, token or secret (hash included) is never written; a table that
 *   cannot exist without one (a NOT NULL secret, e.g. sessions' token hash or an API key's hash) is left out whole;
 * - accounts (`memberships`: users are global, an organisation's members are not its fleet data) and the
 *   record of backups taken (`database_backups`).
 */
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../db/schema";
import { ROLLUP_TABLES } from "../rollups/daily-rollup";
import type { ColumnKind } from "./copy-text";

/** A column: its name, whether it is NOT NULL or an identity, and its PostgreSQL type (what a restore reads). */
export type OrgColumn = { name: string; notNull: boolean; identity: boolean; kind: ColumnKind };
/** A reference of one column to a table's identity column (`ships.id`, `voyages.id`, …). */
export type IdReference = { column: string; table: string };
export type OrgTable = {
  name: string;
  /** The columns a backup holds, in table order (secrets left out). */
  columns: OrgColumn[];
  /** The identity column, when the table has one: its values are renumbered on restore. */
  identity: string | null;
  references: IdReference[];
  /** References to tables outside the backup (users): nulled on restore. */
  foreign: string[];
  /** Optional numeric columns (measurements): the integrity report counts their missing values. */
  measured: string[];
};

/** Tables with an org_id that a backup leaves out, with the reason (the manifest and docs/ repeat it). */
export const EXCLUDED_TABLES: Record<string, string> = {
  sessions: "sign-in sessions: secrets (token hashes)",
  memberships: "accounts: users are global and keep their password hashes",
  database_backups: "the record of backups taken of this organisation",
  ...Object.fromEntries(ROLLUP_TABLES.map((t) => [t, "derived: recomputed from the records on restore"])),
  hull_daily: "derived: recomputed from the records on restore",
  fleet_snapshots: "derived: the fleet page's lines, recomputed by their job",
  data_versions: "the answer cache's bookkeeping: a restore bumps it instead (cache/data-version.ts)",
};

/** Column names that hold a secret, or the hash of one. */
export const SECRET_COLUMN = /(password|token|secret|api_key)(_hash)?$|_hash$/;

/**
 * References the schema does not declare as foreign keys: a noon report names the upload that wrote it
 * without a constraint (an upload log entry may be purged), and a delivery the alert it was for (an alert goes
 * with its ship), yet a restored report or delivery must name the restored upload or alert (or none: a
 * restore nulls a reference to a row the archive does not hold).
 */
const UNDECLARED_REFERENCES: Record<string, IdReference[]> = {
  noon_reports: [{ column: "upload_id", table: "uploads" }],
  alert_deliveries: [{ column: "alert_id", table: "alerts" }],
};

function describe(table: PgTable) {
  const config = getTableConfig(table);
  return { config, names: new Set(config.columns.map((c) => c.name)) };
}

function build(): { tables: OrgTable[]; excluded: Record<string, string> } {
  const all = (Object.values(schema) as unknown[]).filter((v): v is PgTable => v instanceof PgTable);
  const identityOf = new Map<string, string>();
  for (const t of all) {
    const id = getTableConfig(t).columns.find((c) => c.generatedIdentity);
    if (id) identityOf.set(getTableConfig(t).name, id.name);
  }
  const excluded: Record<string, string> = {};
  const found: OrgTable[] = [];
  for (const t of all) {
    const { config, names } = describe(t);
    if (!names.has("org_id")) continue;
    if (EXCLUDED_TABLES[config.name]) {
      excluded[config.name] = EXCLUDED_TABLES[config.name]!;
      continue;
    }
    const secrets = config.columns.filter((c) => SECRET_COLUMN.test(c.name));
    if (secrets.some((c) => c.notNull)) {
      excluded[config.name] = `secrets: ${secrets.map((c) => c.name).join(", ")}`;
      continue;
    }
    const references: IdReference[] = [...(UNDECLARED_REFERENCES[config.name] ?? [])];
    const foreign: string[] = [];
    for (const fk of config.foreignKeys) {
      const ref = fk.reference();
      const target = getTableConfig(ref.foreignTable).name;
      ref.columns.forEach((col, i) => {
        if (col.name === "org_id") return;
        const targetColumn = ref.foreignColumns[i]!.name;
        if (identityOf.get(target) !== targetColumn) return;
        const targetHasOrg = describe(ref.foreignTable).names.has("org_id");
        if (targetHasOrg && !EXCLUDED_TABLES[target]) references.push({ column: col.name, table: target });
        else foreign.push(col.name);
      });
    }
    found.push({
      name: config.name,
      columns: config.columns
        .filter((c) => !SECRET_COLUMN.test(c.name))
        .map((c) => ({
          name: c.name,
          notNull: c.notNull,
          identity: !!c.generatedIdentity,
          kind: c.getSQLType() as ColumnKind,
        })),
      identity: identityOf.get(config.name) ?? null,
      references,
      foreign,
      measured: config.columns
        .filter((c) => !c.notNull && c.dataType === "number" && !c.name.endsWith("_id"))
        .map((c) => c.name),
    });
  }
  return { tables: sortByReferences(found), excluded };
}

/** Referenced tables before the tables that reference them (Kahn's algorithm, names in order on ties). */
function sortByReferences(tables: OrgTable[]): OrgTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const out: OrgTable[] = [];
  const pending = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (pending.length > 0) {
    const i = pending.findIndex((t) =>
      t.references.every((r) => r.table === t.name || done.has(r.table) || !byName.has(r.table)),
    );
    if (i < 0) throw new Error(`circular references among ${pending.map((t) => t.name).join(", ")}`);
    const [t] = pending.splice(i, 1);
    done.add(t!.name);
    out.push(t!);
  }
  return out;
}

const built = build();

/** The organisation's tables a backup holds, referenced tables first. */
export const ORG_TABLES: readonly OrgTable[] = built.tables;
/** Tables with an org_id left out of a backup, with the reason. */
export const ORG_TABLES_EXCLUDED: Readonly<Record<string, string>> = built.excluded;

/** Quotes an identifier (names come from the schema, never from a request; quoted all the same). */
export const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
