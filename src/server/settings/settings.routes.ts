/**
 * Settings the analytics read: the organisation's dated fuel price table and EEOI target
 * (GET by members, PUT by owners, admins and analysts), and each ship's baselines (shop-test SFOC curve,
 * speed–power curve, reference displacement, propeller pitch: GET by members, PATCH by the same writers).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { shipBaselineBody, shipBaselineResponse } from "../../contracts/analysis/baselines";
import {
  eeoiTargetBody,
  eeoiTargetResponse,
  excludeFlaggedReportsBody,
  excludeFlaggedReportsResponse,
  fuelPricesBody,
  fuelPricesResponse,
  hullCleaningCostBody,
  hullCleaningCostResponse,
} from "../../contracts/analysis/settings";
import { idParams } from "../../contracts/common";
import { DEFAULT_HULL_CLEANING_COST } from "../../domain/hull/cleaning-decision";
import type { AppDeps } from "../app-deps";
import { audited } from "../audit/audit-log";
import { requireAuth, signedInOnly, writersOnly } from "../auth/guards";
import { fleetWide, shipFromParam } from "../auth/ship-scope";
import type { Db } from "../db/client";
import { getBaseline, updateBaseline } from "./baseline.repository";
import { excludeFlaggedReportsView, setExcludeFlaggedReports } from "./flagged-reports";
import {
  getOrgSettings,
  listFuelPrices,
  replaceFuelPrices,
  setEeoiTarget,
  setHullCleaningCost,
} from "./settings.repository";

export const settingsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["settings"];

  /**
   * A settings write with its audit entry (`settings.update`, the setting as read before and after) in one
   * transaction; answers the setting as read after.
   */
  const auditedSetting = <T>(
    request: Parameters<typeof audited>[1],
    target: Record<string, unknown>,
    read: (tx: Db) => Promise<T>,
    write: (tx: Db) => Promise<unknown>,
  ) =>
    audited(db, request, async (tx) => {
      const before = await read(tx);
      await write(tx);
      const result = await read(tx);
      return { result, entry: { kind: "settings.update", target, before, after: result } };
    });

  app.get(
    "/api/settings/fuel-prices",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: fuelPricesResponse } } },
    async (request) => listFuelPrices(db, requireAuth(request).orgId),
  );
  app.put(
    "/api/settings/fuel-prices",
    {
      onRequest: writersOnly,
      schema: {
        tags,
        description: "Replaces the price table (price per tonne per fuel type, each from its date).",
        body: fuelPricesBody,
        response: { 200: fuelPricesResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      return auditedSetting(
        request,
        { setting: "fuel-prices" },
        (tx) => listFuelPrices(tx, orgId),
        (tx) => replaceFuelPrices(tx, orgId, request.body.prices, request.body.currency),
      );
    },
  );

  app.get(
    "/api/settings/eeoi-target",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: eeoiTargetResponse } } },
    async (request) => ({ eeoiTarget: (await getOrgSettings(db, requireAuth(request).orgId)).eeoiTarget }),
  );
  app.put(
    "/api/settings/eeoi-target",
    { onRequest: writersOnly, schema: { tags, body: eeoiTargetBody, response: { 200: eeoiTargetResponse } } },
    async (request) => {
      const { orgId } = requireAuth(request);
      return auditedSetting(
        request,
        { setting: "eeoi-target" },
        async (tx) => ({ eeoiTarget: (await getOrgSettings(tx, orgId)).eeoiTarget }),
        (tx) => setEeoiTarget(tx, orgId, request.body.eeoiTarget),
      );
    },
  );

  const cleaningCost = async (orgId: number, from: Db = db) => {
    const s = await getOrgSettings(from, orgId);
    return {
      hullCleaningCost: s.hullCleaningCost ?? DEFAULT_HULL_CLEANING_COST,
      currency: s.currency,
      usingDefault: s.hullCleaningCost === null,
      defaultHullCleaningCost: DEFAULT_HULL_CLEANING_COST,
    };
  };
  app.get(
    "/api/settings/hull-cleaning-cost",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: hullCleaningCostResponse } } },
    async (request) => cleaningCost(requireAuth(request).orgId),
  );
  app.put(
    "/api/settings/hull-cleaning-cost",
    {
      onRequest: writersOnly,
      schema: { tags, body: hullCleaningCostBody, response: { 200: hullCleaningCostResponse } },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      return auditedSetting(
        request,
        { setting: "hull-cleaning-cost" },
        (tx) => cleaningCost(orgId, tx),
        (tx) => setHullCleaningCost(tx, orgId, request.body.hullCleaningCost),
      );
    },
  );

  app.get(
    "/api/settings/exclude-flagged-reports",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: excludeFlaggedReportsResponse } } },
    async (request) => excludeFlaggedReportsView(db, requireAuth(request).orgId),
  );
  app.put(
    "/api/settings/exclude-flagged-reports",
    {
      onRequest: writersOnly,
      schema: {
        tags,
        description:
          "Leaves the records of noon reports failing an error-severity check out of every figure (or puts them back); recomputes the daily rollups.",
        body: excludeFlaggedReportsBody,
        response: { 200: excludeFlaggedReportsResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      return auditedSetting(
        request,
        { setting: "exclude-flagged-reports" },
        (tx) => excludeFlaggedReportsView(tx, orgId),
        (tx) => setExcludeFlaggedReports(tx, orgId, request.body.excludeFlaggedReports),
      );
    },
  );

  app.get(
    "/api/ships/:id/baseline",
    {
      config: { shipScope: shipFromParam("id") },
      schema: { tags, params: idParams, response: { 200: shipBaselineResponse } },
    },
    async (request) => getBaseline(db, requireAuth(request).orgId, request.params.id, new Date()),
  );
  app.patch(
    "/api/ships/:id/baseline",
    {
      onRequest: writersOnly,
      schema: { tags, params: idParams, body: shipBaselineBody, response: { 200: shipBaselineResponse } },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const { id } = request.params;
      const now = new Date();
      return auditedSetting(
        request,
        { setting: "baseline", shipId: id },
        (tx) => getBaseline(tx, orgId, id, now),
        (tx) => updateBaseline(tx, orgId, id, request.body, now),
      );
    },
  );
};
