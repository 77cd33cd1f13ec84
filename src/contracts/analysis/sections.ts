/**
 * Analysis Center sections: GET /api/ships/:id/analysis/:section?<filters>. The params, the 'not yet'
 * answer of the sections a later issue fills, and the map from each ready id to its answer's schema.
 */
import { z } from "zod";
import { idParam } from "../common";
import { auxiliarySystemsSection } from "./auxiliary-systems-section";
import { engineLoadSection } from "./engine-load-section";
import { enginePerformanceSection } from "./engine-performance-section";
import { environmentComplianceSection } from "./environment-compliance-section";
import { environmentalDataSection } from "./environmental-data-section";
import { fuelConsumptionSection } from "./fuel-consumption-section";
import { fuelCostSection } from "./fuel-cost-section";
import { fuelEeoiSection } from "./fuel-eeoi-section";
import { fuelPerformanceSection } from "./fuel-performance-section";
import { hullAnalyticsSection } from "./hull-analytics-section";
import { hullCalculatorSection } from "./hull-calculator-section";
import { hullConditionSection } from "./hull-condition-section";
import { hullResistanceSection } from "./hull-resistance-section";
import { realTimeMonitoringSection } from "./real-time-monitoring-section";
import {
  NOT_YET_SECTION_IDS,
  ORGANISATION_SECTION_IDS,
  type OrganisationSectionId,
  type ReadySectionId,
  type SectionId,
} from "./section-ids";
import { trimOptimizationSection } from "./trim-optimization-section";
import { weatherCorrelationSection } from "./weather-correlation-section";

export const sectionParams = z.object({ id: idParam, section: z.string() }).strict();

/**
 * 200 for a known section that a later issue fills: the web shows an honest 'coming' state. Every section of
 * the specification is filled now (NOT_YET_SECTION_IDS is empty), so it is not among the answers below; the
 * shape stays for the web's 'coming' state and the next section added before its figures.
 */
export const notYetSection = z.object({
  section: z.enum(
    NOT_YET_SECTION_IDS as [
      Exclude<SectionId, ReadySectionId | OrganisationSectionId>,
      ...Exclude<SectionId, ReadySectionId | OrganisationSectionId>[],
    ],
  ),
  status: z.literal("not-yet"),
  message: z.string(),
});
export type NotYetSection = z.infer<typeof notYetSection>;

/** A Database Admin section asked of a ship: its figures are the organisation's, at the endpoints named. */
export const organisationSection = z.object({
  section: z.enum(ORGANISATION_SECTION_IDS),
  status: z.literal("organisation"),
  message: z.string(),
  endpoints: z.array(z.string()),
});

export const readySectionResponses = {
  "fuel-fuel-performance": fuelPerformanceSection,
  "fuel-fuel-consumption": fuelConsumptionSection,
  "fuel-fuel-cost": fuelCostSection,
  "fuel-fuel-eeoi": fuelEeoiSection,
  "hull-hull-condition": hullConditionSection,
  "hull-hull-resistance": hullResistanceSection,
  "hull-hull-analytics": hullAnalyticsSection,
  "engine-engine-performance": enginePerformanceSection,
  "engine-engine-load": engineLoadSection,
  "engine-auxiliary-systems": auxiliarySystemsSection,
  "engine-trim-optimization": trimOptimizationSection,
  "hull-hull-calculator": hullCalculatorSection,
  "environment-weather-correlation": weatherCorrelationSection,
  "environment-environmental-data": environmentalDataSection,
  "environment-compliance": environmentComplianceSection,
  "environment-real-time-monitoring": realTimeMonitoringSection,
} as const satisfies Record<ReadySectionId, z.ZodType>;

export type SectionResponse<S extends ReadySectionId> = z.infer<(typeof readySectionResponses)[S]>;

/** Any answer of GET /api/ships/:id/analysis/:section (unknown ids answer 404). */
export const analysisSectionResponse = z.discriminatedUnion("section", [
  fuelPerformanceSection,
  fuelConsumptionSection,
  fuelCostSection,
  fuelEeoiSection,
  hullConditionSection,
  hullResistanceSection,
  hullAnalyticsSection,
  enginePerformanceSection,
  engineLoadSection,
  auxiliarySystemsSection,
  trimOptimizationSection,
  hullCalculatorSection,
  weatherCorrelationSection,
  environmentalDataSection,
  environmentComplianceSection,
  realTimeMonitoringSection,
  organisationSection,
]);
export type AnalysisSectionResponse = z.infer<typeof analysisSectionResponse>;
