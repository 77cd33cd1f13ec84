import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  charterPartyPerformanceAnswer,
  charterPartyStatementQuery,
  charterPartyTermsAnswer,
  charterPartyTermsBody,
  shipCharterPartyAnswer,
  shipCharterPartyParams,
  voyageCharterPartyAnswer,
} from "../../contracts/charter-party";
import { idParams } from "../../contracts/common";
import { PDF_TYPE, XLSX_TYPE } from "../../contracts/reports";
import type { AppDeps } from "../app-deps";
import { audited } from "../audit/audit-log";
import { requireAuth, requireWriter, signedInOnly, writersOnly } from "../auth/guards";
import { shipFromParam, shipOfRecord } from "../auth/ship-scope";
import { heavyWork } from "../http/heavy-work";
import { readTarget } from "../http/read-routing";
import { attachment } from "../reports/report-format";
import { getShip } from "../ships/ships.repository";
import { getVoyage, voyageShipId } from "../voyages/voyages.repository";
import { deleteVoyageTerms, putShipTerms, putVoyageTerms, shipTerms } from "./charter-party.repository";
import {
  applicableTerms,
  conditionOfVoyage,
  presentTerms,
  voyageCpPerformance,
} from "./charter-party.service";

export const charterPartyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["charter party"];
  const ofVoyage = { shipScope: shipOfRecord(db, voyageShipId) };

  app.get(
    "/api/voyages/:id/charter-party",
    {
      config: ofVoyage,
      schema: {
        tags,
        params: idParams,
        response: { 200: voyageCharterPartyAnswer },
        description:
          "The charter-party terms that apply to the voyage: its own, else the ship's default for its condition.",
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const voyage = await getVoyage(db, orgId, request.params.id);
      const stored = await applicableTerms(db, orgId, voyage);
      return { terms: stored ? presentTerms(stored) : null };
    },
  );

  app.put(
    "/api/voyages/:id/charter-party",
    {
      onRequest: writersOnly,
      config: ofVoyage,
      schema: {
        tags,
        params: idParams,
        body: charterPartyTermsBody,
        response: { 200: charterPartyTermsAnswer },
      },
    },
    async (request) => {
      const { orgId } = requireWriter(request);
      const voyage = await getVoyage(db, orgId, request.params.id);
      const condition = request.body.condition ?? conditionOfVoyage(voyage);
      return audited(db, request, async (tx) => {
        await putVoyageTerms(tx, orgId, voyage.shipId, voyage.id, request.body, condition);
        const result = presentTerms({ body: request.body, condition, source: "voyage" });
        return {
          result,
          entry: { kind: "charter_party.update", target: { voyageId: voyage.id }, after: result },
        };
      });
    },
  );

  app.delete(
    "/api/voyages/:id/charter-party",
    { onRequest: writersOnly, config: ofVoyage, schema: { tags, params: idParams } },
    async (request, reply) => {
      const { orgId } = requireWriter(request);
      const voyage = await getVoyage(db, orgId, request.params.id);
      await audited(db, request, async (tx) => {
        const removed = await deleteVoyageTerms(tx, orgId, voyage.id);
        return { result: removed, entry: { kind: "charter_party.delete", target: { voyageId: voyage.id } } };
      });
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/voyages/:id/charter-party/performance",
    {
      config: ofVoyage,
      schema: {
        tags,
        params: idParams,
        response: { 200: charterPartyPerformanceAnswer },
        description:
          "Good-weather days, time lost, over- and under-consumption and the claim, by the good-weather method and a " +
          "weather-corrected one. 409 when the voyage has no terms.",
      },
    },
    async (request) => voyageCpPerformance(db, requireAuth(request).orgId, request.params.id, new Date()),
  );

  app.get(
    "/api/voyages/:id/charter-party/statement",
    {
      config: ofVoyage,
      preHandler: heavyWork,
      schema: {
        tags,
        params: idParams,
        querystring: charterPartyStatementQuery,
        description:
          "The charter-party statement (format=pdf|xlsx) from the performance's own figures: ship and voyage, the " +
          "terms and the rule, the day-by-day table, the good-weather figures, time lost, over- and " +
          "under-consumption, the claim, the weather-corrected method beside, the reasons and the method's " +
          "citations. 409 when the voyage has no terms.",
      },
    },
    async (request, reply) => {
      const { orgId } = requireAuth(request);
      const { format } = request.query;
      const job = {
        job: "cp-statement",
        orgId,
        voyageId: request.params.id,
        format,
        now: new Date(),
      } as const;
      const built = await app.reportThreads.run(job, readTarget(request));
      return reply
        .type(format === "pdf" ? PDF_TYPE : XLSX_TYPE)
        .header("content-disposition", attachment(built.fileName))
        .send(Buffer.from(built.body.buffer, built.body.byteOffset, built.body.byteLength));
    },
  );

  app.get(
    "/api/ships/:id/charter-party",
    {
      config: { shipScope: shipFromParam("id") },
      schema: { tags, params: idParams, response: { 200: shipCharterPartyAnswer } },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      await getShip(db, orgId, request.params.id);
      const terms = await shipTerms(db, orgId, request.params.id);
      const of = (c: "laden" | "ballast") => {
        const t = terms.get(c);
        return t ? presentTerms(t) : null;
      };
      return { laden: of("laden"), ballast: of("ballast") };
    },
  );

  app.put(
    "/api/ships/:id/charter-party/:condition",
    {
      onRequest: writersOnly,
      config: { shipScope: shipFromParam("id") },
      schema: {
        tags,
        params: shipCharterPartyParams,
        body: charterPartyTermsBody,
        response: { 200: charterPartyTermsAnswer },
        description: "The ship's default terms for laden or ballast voyages (a voyage's own terms win).",
      },
    },
    async (request) => {
      const { orgId } = requireWriter(request);
      const { id, condition } = request.params;
      await getShip(db, orgId, id);
      return audited(db, request, async (tx) => {
        await putShipTerms(tx, orgId, id, condition, { ...request.body, condition });
        const result = presentTerms({ body: request.body, condition, source: "ship" });
        return {
          result,
          entry: { kind: "charter_party.update", target: { shipId: id, condition }, after: result },
        };
      });
    },
  );
};
