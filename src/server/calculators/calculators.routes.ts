import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calculateCiiBody, calculateCiiResponse } from "../../contracts/cii-calculator";
import {
  calculateHullPerformanceBody,
  calculateHullPerformanceResponse,
} from "../../contracts/hull-calculator";
import { calculateCii } from "../../domain/cii/cii-calculator";
import { calculateHullPerformance } from "../../domain/hull/hull-calculator";
import type { AppDeps } from "../app-deps";
import { signedInOnly } from "../auth/guards";

/**
 * The specification's two calculators (spec §3, §7): thin routes over the domain functions, which cite their
 * sources (MEPC.353/354/338(76)+400(83) for CII; ISO 19030/15016 principles for the hull). Domain input
 * errors (a year without an adopted reduction factor, a GT-based type without GT) answer 400 naming the field.
 */
export const calculatorRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  const tags = ["calculators"];
  app.addHook("onRequest", signedInOnly);

  app.post(
    "/api/calculate-cii",
    {
      config: { audit: false },
      schema: { tags, body: calculateCiiBody, response: { 200: calculateCiiResponse } },
    },
    async (request) => calculateCii(request.body),
  );

  app.post(
    "/api/calculate-hull-performance",
    {
      config: { audit: false }, // a calculation: nothing is written
      schema: {
        tags,
        body: calculateHullPerformanceBody,
        response: { 200: calculateHullPerformanceResponse },
      },
    },
    async (request) => calculateHullPerformance(request.body),
  );
};
