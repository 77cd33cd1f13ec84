/**
 * How a route's ship is found, for API keys limited to some ships (decision 013). Every route a key may call
 * says so in its config, `config: { shipScope: … }`, beside the schema that validates what it reads:
 * the ship is decided from what the route reads (its validated parameter, its validated `?shipId=`, or the
 * addressed record's own ship), never from whatever the raw query happens to carry (issue 30, finding 4).
 *
 * A route that declares nothing is treated as `fleetWide` (fail closed: a ship-limited key is refused), and
 * the route walk in api-keys.routes.test.ts fails until it declares one.
 */
import type { Db } from "../db/client";

/** The ship of the record a route addresses by its own id, in the caller's organisation (null: none). */
export type ResourceShip = (orgId: number, params: Record<string, unknown>) => Promise<number | null>;

export type ShipScope =
  /** The ship is this validated route parameter (`/api/dashboard/:shipId`, `/api/ships/:id/…`). */
  | { kind: "param"; param: string }
  /** The ship is the validated query's `shipId`; without one the route answers for the fleet (refused). */
  | { kind: "query" }
  /** The ship is the addressed record's own (a voyage, a maintenance event), looked up in the organisation. */
  | { kind: "resource"; shipOf: ResourceShip }
  /** Each record of the body names its ship and the route checks each one (ingestion: ingest-run.ts). */
  | { kind: "per-record" }
  /** Not about one ship (lists across the fleet, the organisation's settings, its database): refused. */
  | { kind: "fleet" }
  /** Answers anyone without signing in (health, share links): a key's limits have nothing to narrow. */
  | { kind: "public" };

declare module "fastify" {
  interface FastifyContextConfig {
    /** How an API key's ship limit applies to this route (auth/ship-scope.ts); undefined = `fleetWide`. */
    shipScope?: ShipScope;
  }
}

/** `config: { shipScope: shipFromParam("id") }` and the others: one per route a key may call. */
export const shipFromParam = (param: string): ShipScope => ({ kind: "param", param });
export const shipFromQuery: ShipScope = { kind: "query" };
export const shipPerRecord: ShipScope = { kind: "per-record" };
export const fleetWide: ShipScope = { kind: "fleet" };
export const publicRoute: ShipScope = { kind: "public" };

/**
 * The record's own ship: `lookup(db, orgId, id)` answers the ship of the record `params.id` of the
 * organisation, or null when there is none (the route's own 404 then answers, as it does for anyone).
 */
export const shipOfRecord = (
  db: Db,
  lookup: (db: Db, orgId: number, id: number) => Promise<number | null>,
): ShipScope => ({ kind: "resource", shipOf: (orgId, params) => lookup(db, orgId, Number(params.id)) });
