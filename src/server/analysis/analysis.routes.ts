/**
 * The Analysis Center's calls: GET /api/ships/:id/analysis/:section?<filters> (one per section, ready-to-plot
 * columnar series and summary figures) and GET /api/ships/:id/analysis-summary?<filters> (sidebar metrics).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { analysisSummaryResponse } from "../../contracts/analysis/analysis-summary";
import { analysisQuery } from "../../contracts/analysis/filters";
import {
  isOrganisationSection,
  type OrganisationSectionId,
  READY_SECTION_IDS,
  type ReadySectionId,
  SECTION_IDS,
  type SectionId,
} from "../../contracts/analysis/section-ids";
import {
  type AnalysisSectionResponse,
  analysisSectionResponse,
  sectionParams,
} from "../../contracts/analysis/sections";
import { idParams } from "../../contracts/common";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly } from "../auth/guards";
import { shipFromParam } from "../auth/ship-scope";
import { cachedAnswer } from "../cache/answer-cache";
import { notFound } from "../http/errors";
import { type AnalysisContext, loadAnalysisContext } from "./context";
import { auxiliarySystems } from "./sections/auxiliary-systems";
import { engineLoad } from "./sections/engine-load";
import { enginePerformance } from "./sections/engine-performance";
import { environmentCompliance } from "./sections/environment-compliance";
import { environmentalData } from "./sections/environmental-data";
import { fuelConsumption } from "./sections/fuel-consumption";
import { fuelCost } from "./sections/fuel-cost";
import { fuelEeoi } from "./sections/fuel-eeoi";
import { fuelPerformance } from "./sections/fuel-performance";
import { hullAnalytics } from "./sections/hull-analytics";
import { hullCalculator } from "./sections/hull-calculator";
import { hullCondition } from "./sections/hull-condition";
import { hullResistance } from "./sections/hull-resistance";
import { realTimeMonitoring } from "./sections/real-time-monitoring";
import { trimOptimization } from "./sections/trim-optimization";
import { weatherCorrelation } from "./sections/weather-correlation";
import { analysisSummary } from "./summary";

export const SECTIONS: Record<ReadySectionId, (ctx: AnalysisContext) => Promise<AnalysisSectionResponse>> = {
  "fuel-fuel-performance": fuelPerformance,
  "fuel-fuel-consumption": fuelConsumption,
  "fuel-fuel-cost": fuelCost,
  "fuel-fuel-eeoi": fuelEeoi,
  "hull-hull-condition": hullCondition,
  "hull-hull-resistance": hullResistance,
  "hull-hull-analytics": hullAnalytics,
  "engine-engine-performance": enginePerformance,
  "engine-engine-load": engineLoad,
  "engine-auxiliary-systems": auxiliarySystems,
  "engine-trim-optimization": trimOptimization,
  "hull-hull-calculator": hullCalculator,
  "environment-weather-correlation": weatherCorrelation,
  "environment-environmental-data": environmentalData,
  "environment-compliance": environmentCompliance,
  "environment-real-time-monitoring": realTimeMonitoring,
};

/** Where each Database Admin section's figures come from (database-admin/database-admin.routes.ts). */
const ORGANISATION_SECTION_ENDPOINTS: Record<OrganisationSectionId, string[]> = {
  "database-admin": ["GET /api/database/stats", "POST /api/database/self-tests"],
  "database-backup-export": ["GET /api/database/backup", "POST /api/database/restore"],
  "database-performance": [
    "GET /api/database/stats",
    "POST /api/database/optimize",
    "POST /api/database/cleanup",
  ],
  "database-data-integrity": ["GET /api/database/integrity"],
};

const isSection = (s: string): s is SectionId => (SECTION_IDS as readonly string[]).includes(s);
const isReady = (s: string): s is ReadySectionId => (READY_SECTION_IDS as readonly string[]).includes(s);

export const analysisRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  app.get(
    "/api/ships/:id/analysis/:section",
    {
      config: { shipScope: shipFromParam("id") },
      schema: {
        tags: ["analysis"],
        description:
          "One Analysis Center section over the filtered range: columnar series (t in epoch s) and summary " +
          `figures. Filled: ${READY_SECTION_IDS.join(", ")}; other section ids of the specification answer ` +
          "status 'not-yet'; unknown ids 404.",
        params: sectionParams,
        querystring: analysisQuery,
        response: { 200: analysisSectionResponse },
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const { id, section } = request.params;
      if (!isSection(section)) throw notFound("Section");
      return cachedAnswer(request, reply, { db, orgId, shipId: id, call: section }, async (now, readDb) => {
        const ctx = await loadAnalysisContext(readDb, orgId, id, request.query, now);
        if (isOrganisationSection(section))
          return {
            section,
            status: "organisation" as const,
            message: "A Database Admin section: the organisation's figures, not the ship's.",
            endpoints: ORGANISATION_SECTION_ENDPOINTS[section],
          };
        // every section of the specification is filled (issue 19 filled the last): an id that is neither is a
        // contract error, answered as an unknown section
        if (!isReady(section)) throw notFound("Section");
        return SECTIONS[section](ctx);
      });
    },
  );
  app.get(
    "/api/ships/:id/analysis-summary",
    {
      config: { shipScope: shipFromParam("id") },
      schema: {
        tags: ["analysis"],
        description: "Sidebar metrics of the Analysis Center per category over the filtered range.",
        params: idParams,
        querystring: analysisQuery,
        response: { 200: analysisSummaryResponse },
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const shipId = request.params.id;
      return cachedAnswer(
        request,
        reply,
        { db, orgId, shipId, call: "analysis-summary" },
        async (now, readDb) =>
          analysisSummary(await loadAnalysisContext(readDb, orgId, shipId, request.query, now)),
      );
    },
  );
};
