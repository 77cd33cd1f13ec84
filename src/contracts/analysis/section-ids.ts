/**
 * Section ids of the Analysis Center (spec §2): GET /api/ships/:id/analysis/:section. Kept apart from the
 * section schemas so that a menu can list the ids without loading every answer's schema.
 */

/**
 * Every section id of spec §2, in menu order: five categories of four subsections, each id of the form
 * category-subsection (the web's Analysis Center menu is built from this list).
 */
export const SECTION_IDS = [
  "fuel-fuel-performance",
  "fuel-fuel-consumption",
  "fuel-fuel-cost",
  "fuel-fuel-eeoi",
  "hull-hull-condition",
  "hull-hull-resistance",
  "hull-hull-calculator",
  "hull-hull-analytics",
  "engine-engine-performance",
  "engine-engine-load",
  "engine-auxiliary-systems",
  "engine-trim-optimization",
  "environment-weather-correlation",
  "environment-environmental-data",
  "environment-compliance",
  "environment-real-time-monitoring",
  "database-admin",
  "database-backup-export",
  "database-performance",
  "database-data-integrity",
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** The sections this issue fills; every other id of SECTION_IDS answers `notYetSection`. */
export const READY_SECTION_IDS = [
  "fuel-fuel-performance",
  "fuel-fuel-consumption",
  "fuel-fuel-cost",
  "fuel-fuel-eeoi",
  "hull-hull-condition",
  "hull-hull-resistance",
  "hull-hull-analytics",
  "engine-engine-performance",
  "engine-engine-load",
  "engine-auxiliary-systems",
  "engine-trim-optimization",
  "hull-hull-calculator",
  "environment-weather-correlation",
  "environment-environmental-data",
  "environment-compliance",
  "environment-real-time-monitoring",
] as const;
export type ReadySectionId = (typeof READY_SECTION_IDS)[number];

/**
 * The Database Admin sections (issue 18): the organisation's, not a ship's. Their figures come from
 * /api/database/* (contracts/database-admin.ts); the per-ship section call names those endpoints.
 */
export const ORGANISATION_SECTION_IDS = [
  "database-admin",
  "database-backup-export",
  "database-performance",
  "database-data-integrity",
] as const;
export type OrganisationSectionId = (typeof ORGANISATION_SECTION_IDS)[number];

export const isOrganisationSection = (s: string): s is OrganisationSectionId =>
  (ORGANISATION_SECTION_IDS as readonly string[]).includes(s);

/** Section ids of the specification that a later issue fills. */
export const NOT_YET_SECTION_IDS = SECTION_IDS.filter(
  (s): s is Exclude<SectionId, ReadySectionId | OrganisationSectionId> =>
    !(READY_SECTION_IDS as readonly string[]).includes(s) && !isOrganisationSection(s),
);
