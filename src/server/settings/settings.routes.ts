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
import { requireAuth, signedInOnly, writersOnly } from "../auth/guards";
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

  app.get(
    "/api/settings/fuel-prices",
    { schema: { tags, response: { 200: fuelPricesResponse } } },
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
      await replaceFuelPrices(db, orgId, request.body.prices, request.body.currency);
      return listFuelPrices(db, orgId);
    },
  );

  app.get(
    "/api/settings/eeoi-target",
    { schema: { tags, response: { 200: eeoiTargetResponse } } },
    async (request) => ({ eeoiTarget: (await getOrgSettings(db, requireAuth(request).orgId)).eeoiTarget }),
  );
  app.put(
    "/api/settings/eeoi-target",
    { onRequest: writersOnly, schema: { tags, body: eeoiTargetBody, response: { 200: eeoiTargetResponse } } },
    async (request) => {
      const { orgId } = requireAuth(request);
      await setEeoiTarget(db, orgId, request.body.eeoiTarget);
      return { eeoiTarget: (await getOrgSettings(db, orgId)).eeoiTarget };
    },
  );

  const cleaningCost = async (orgId: number) => {
    const s = await getOrgSettings(db, orgId);
    return {
      hullCleaningCost: s.hullCleaningCost ?? DEFAULT_HULL_CLEANING_COST,
      currency: s.currency,
      usingDefault: s.hullCleaningCost === null,
      defaultHullCleaningCost: DEFAULT_HULL_CLEANING_COST,
    };
  };
  app.get(
    "/api/settings/hull-cleaning-cost",
    { schema: { tags, response: { 200: hullCleaningCostResponse } } },
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
      await setHullCleaningCost(db, orgId, request.body.hullCleaningCost);
      return cleaningCost(orgId);
    },
  );

  app.get(
    "/api/settings/exclude-flagged-reports",
    { schema: { tags, response: { 200: excludeFlaggedReportsResponse } } },
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
      await setExcludeFlaggedReports(db, orgId, request.body.excludeFlaggedReports);
      return excludeFlaggedReportsView(db, orgId);
    },
  );

  app.get(
    "/api/ships/:id/baseline",
    { schema: { tags, params: idParams, response: { 200: shipBaselineResponse } } },
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
      const now = new Date();
      await updateBaseline(db, orgId, request.params.id, request.body, now);
      return getBaseline(db, orgId, request.params.id, now);
    },
  );
};
