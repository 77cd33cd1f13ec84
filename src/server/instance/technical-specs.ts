/**
 * The technical specs card: version (package.json), build (the git commit `npm run build` wrote to
 * dist/build.json when it built the web app; 'dev' without one), database and Node versions, the configuration
 * in effect derived from config.ts's schema with secrets hidden, and the operational links.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DeploymentLinkId, TechnicalSpecs } from "../../contracts/instance";
import { CONFIG_KEYS, type Config, SECRET_CONFIG_KEYS } from "../config";
import type { Db } from "../db/client";
import { PROJECT_ROOT } from "../project-root";

function readJson(file: string): Record<string, unknown> | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, file), "utf8"));
  } catch {
    return null;
  }
}

/** A configuration value as text: lists joined by commas, flags as on/off. */
function shown(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "boolean") return value ? "on" : "off";
  if (Array.isArray(value)) return value.join(",");
  return String(value);
}

export function configurationInEffect(config: Config): TechnicalSpecs["configuration"] {
  return CONFIG_KEYS.map((key) => {
    const value = config[key];
    const secret = SECRET_CONFIG_KEYS.has(key);
    const set = value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
    return { key, value: secret ? null : shown(value), secret, set };
  });
}

/** The server's operators are named by OPERATOR_EMAILS (case-insensitive), not by a role in an organisation. */
export const isOperator = (config: Config, email: string) =>
  config.OPERATOR_EMAILS.includes(email.toLowerCase());

/** The operational addresses of every instance: the technical specs link them, the deployment links check them. */
export const OPERATIONAL_LINKS = [
  { id: "docs", label: "API reference (OpenAPI)", href: "/api/docs" },
  { id: "health", label: "Liveness", href: "/api/health" },
  { id: "ready", label: "Readiness", href: "/api/ready" },
  { id: "metrics", label: "Prometheus metrics (bearer token)", href: "/metrics" },
] as const satisfies readonly { id: DeploymentLinkId; label: string; href: string }[];

export async function readTechnicalSpecs(
  db: Db,
  config: Config,
  callerEmail: string,
): Promise<TechnicalSpecs> {
  const { rows } = await db.execute<{ version: string }>(
    sql`select current_setting('server_version') as version`,
  );
  const commit = readJson("dist/build.json")?.commit;
  return {
    version: String(readJson("package.json")?.version ?? "unknown"),
    build: typeof commit === "string" && commit.length > 0 ? commit : "dev",
    databaseVersion: `PostgreSQL ${rows[0]!.version}`,
    nodeVersion: process.version,
    configuration: configurationInEffect(config),
    links: OPERATIONAL_LINKS.map(({ label, href }) => ({ label, href })),
    operator: isOperator(config, callerEmail),
  };
}
