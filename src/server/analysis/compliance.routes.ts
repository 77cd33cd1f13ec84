/**
 * Compliance calls beside the section (issue 15 items 3–4): the CII what-if, the annual DCS/MRV figures, the
 * organisation's EUA price and a voyage's EU scope override. Every query is scoped by the caller's
 * organisation; another organisation's ship or voyage answers 404.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { annualFigures as annualFiguresSchema, annualParams } from "../../contracts/analysis/annual-figures";
import {
  ciiWhatIfBody,
  ciiWhatIfResponse,
  euaPriceBody,
  euaPriceResponse,
  voyageScopeBody,
  voyageScopeParams,
  voyageScopeResponse,
} from "../../contracts/analysis/environment-compliance-section";
import { idParams } from "../../contracts/common";
import type { AppDeps } from "../app-deps";
import { requireAuth, signedInOnly, writersOnly } from "../auth/guards";
import { fleetWide, shipFromParam } from "../auth/ship-scope";
import { getOrgSettings, setEuaPrice } from "../settings/settings.repository";
import { getShipProfile } from "../ships/ships.repository";
import { setVoyageEuScope } from "../voyages/voyages.repository";
import { annualFigures } from "./compliance/annual-figures";
import { ciiWhatIf } from "./compliance/cii-what-if";

export const complianceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.addHook("onRequest", signedInOnly);
  const tags = ["compliance"];
  app.post(
    "/api/ships/:id/cii-what-if",
    {
      config: { audit: false }, // a calculation: nothing is written
      schema: {
        tags,
        description:
          "Year-end CII projection if the rest of the year changes: speed reduction (kn), a hull cleaning on a date " +
          "(the fouling it removes from the ship's hull analysis; foulingFuelPenaltyPercent overrides it), a fuel " +
          "switch. Answers the baseline and the what-if, where the cleaning's penalty came from, and a null " +
          "projection with its reasons when the hull analysis has no value.",
        params: idParams,
        body: ciiWhatIfBody,
        response: { 200: ciiWhatIfResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const ship = await getShipProfile(db, orgId, request.params.id);
      return ciiWhatIf(db, orgId, ship, request.body, new Date());
    },
  );
  app.get(
    "/api/ships/:id/annual/:year",
    {
      config: { shipScope: shipFromParam("id") },
      schema: {
        tags,
        description:
          "The year's IMO DCS / EU MRV figures: fuel by type, distance, hours underway, CO2, transport work, and the gaps.",
        params: annualParams,
        response: { 200: annualFiguresSchema },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const ship = await getShipProfile(db, orgId, request.params.id);
      return annualFigures(db, orgId, ship.id, request.params.year, new Date());
    },
  );
  app.get(
    "/api/settings/eua-price",
    { config: { shipScope: fleetWide }, schema: { tags, response: { 200: euaPriceResponse } } },
    async (request) => {
      const s = await getOrgSettings(db, requireAuth(request).orgId);
      return { euaPrice: s.euaPrice, currency: s.currency };
    },
  );
  app.put(
    "/api/settings/eua-price",
    { onRequest: writersOnly, schema: { tags, body: euaPriceBody, response: { 200: euaPriceResponse } } },
    async (request) => {
      const { orgId } = requireAuth(request);
      await setEuaPrice(db, orgId, request.body.euaPrice);
      const s = await getOrgSettings(db, orgId);
      return { euaPrice: s.euaPrice, currency: s.currency };
    },
  );
  app.put(
    "/api/ships/:id/voyages/:voyageId/eu-scope",
    {
      onRequest: writersOnly,
      schema: {
        tags,
        description:
          "Sets (or with null clears) a voyage's EU ETS / FuelEU scope over the one computed from its ports.",
        params: voyageScopeParams,
        body: voyageScopeBody,
        response: { 200: voyageScopeResponse },
      },
    },
    async (request) => {
      const { orgId } = requireAuth(request);
      const { id, voyageId } = request.params;
      await setVoyageEuScope(db, orgId, id, voyageId, request.body.scope);
      return { voyageId, override: request.body.scope };
    },
  );
};
