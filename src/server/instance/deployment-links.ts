/**
 * The /admin panel's deployment links (spec §2, unlocked view; issue 35 item 6): this instance's own addresses
 * (the app, the API documentation, liveness, readiness, metrics) under PUBLIC_URL, the base every absolute
 * link Sextant sends (e-mails, SMS, webhooks) already uses, with what this process says of each now. The
 * readiness state comes from the function `/api/ready` answers with, the metrics state from the token that
 * `/metrics` checks, the app's from the build app.ts serves: the panel cannot say 'up' of what is not.
 */
import type pg from "pg";
import type { DeploymentLinks } from "../../contracts/instance";
import type { Config } from "../config";
import { isDatabaseReady } from "../db/client";
import { hasWebBuild } from "../http/web-dist";
import { OPERATIONAL_LINKS } from "./technical-specs";

type Link = DeploymentLinks["links"][number];
type State = Pick<Link, "state" | "expectedStatus" | "note">;

const STATUS_OF: Record<Link["state"], number> = { up: 200, down: 503, needs_token: 401, off: 404 };
const state = (s: Link["state"], note: string): State => ({ state: s, expectedStatus: STATUS_OF[s], note });

export async function readDeploymentLinks(
  config: Config,
  pool: pg.Pool,
  now = new Date(),
): Promise<DeploymentLinks> {
  const ready = await isDatabaseReady(pool);
  const states: Record<Link["id"], State> = {
    app: hasWebBuild()
      ? state("up", "the web app is built and served by this process")
      : state("off", "no web build here (npm start builds it): this process answers the API only"),
    docs: state(
      "up",
      "OpenAPI reference of every route, generated from the same schemas that check requests",
    ),
    health: state("up", "answers while the process runs"),
    ready: ready
      ? state("up", "the database answers")
      : state("down", "the database does not answer: load balancers take this instance out"),
    metrics: config.METRICS_TOKEN
      ? state("needs_token", "Prometheus scrapes it with Authorization: Bearer METRICS_TOKEN")
      : state("off", "METRICS_TOKEN is not set: /metrics answers 404"),
  };
  const links = [
    { id: "app", label: "App (sign-in and dashboards)", href: "/" } as const,
    ...OPERATIONAL_LINKS,
  ].map(
    ({ id, label, href }): Link => ({
      id,
      label,
      path: href,
      url: `${config.PUBLIC_URL}${href}`,
      ...states[id],
    }),
  );
  return { publicUrl: config.PUBLIC_URL, links, checkedAt: now.toISOString() };
}
