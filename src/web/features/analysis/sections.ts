import {
  isOrganisationSection,
  type OrganisationSectionId,
  READY_SECTION_IDS,
  type ReadySectionId,
  SECTION_IDS,
  type SectionId,
} from "../../../contracts/analysis/section-ids";

/**
 * The Analysis Center menu (spec §2 'Dashboard section menu'): five categories, four subsections each,
 * with the specification's names. The section ids and their order are the contract's (SECTION_IDS, of
 * the form category-subsection); this file only names them.
 */
export type CategoryId = "fuel" | "hull" | "engine" | "environment" | "database";

export type Subsection = { id: SectionId; name: string };
export type Category = { id: CategoryId; name: string; subsections: readonly Subsection[] };

const CATEGORY_NAMES: Record<CategoryId, string> = {
  fuel: "Fuel Analysis",
  hull: "Hull Performance",
  engine: "Engine Systems",
  environment: "Environmental",
  database: "Database Admin",
};

/** The specification's name of each section (every id of the contract has one). */
const SECTION_NAMES: Record<SectionId, string> = {
  "fuel-fuel-performance": "Performance Trends",
  "fuel-fuel-consumption": "Consumption Analysis",
  "fuel-fuel-cost": "Cost per Mile",
  "fuel-fuel-eeoi": "EEOI Tracking",
  "hull-hull-condition": "Hull Condition",
  "hull-hull-resistance": "Resistance Analysis",
  "hull-hull-calculator": "Hull Calculator",
  "hull-hull-analytics": "Advanced Analytics",
  "engine-engine-performance": "Main Engine",
  "engine-engine-load": "Load Analysis",
  "engine-auxiliary-systems": "Auxiliary Systems",
  "engine-trim-optimization": "Trim Optimization",
  "environment-weather-correlation": "Weather Impact",
  "environment-environmental-data": "Environmental Data",
  "environment-compliance": "Compliance Tracking",
  "environment-real-time-monitoring": "Real-time Monitoring",
  "database-admin": "Database Overview",
  "database-backup-export": "Backup and Export",
  "database-performance": "Performance",
  "database-data-integrity": "Data Integrity",
};

export const CATEGORIES: readonly Category[] = (Object.keys(CATEGORY_NAMES) as CategoryId[]).map((id) => ({
  id,
  name: CATEGORY_NAMES[id],
  subsections: SECTION_IDS.filter((s) => s.startsWith(`${id}-`)).map((s) => ({
    id: s,
    name: SECTION_NAMES[s],
  })),
}));

export type SectionKind =
  | { kind: "ready"; id: ReadySectionId; name: string; category: Category }
  | { kind: "coming"; id: SectionId; name: string; category: Category }
  | { kind: "organisation"; id: OrganisationSectionId; name: string; category: Category }
  | { kind: "default" };

/** Finds a subsection by id, with its category. */
export function findSubsection(id: string | null): { category: Category; subsection: Subsection } | null {
  if (!id) return null;
  for (const category of CATEGORIES) {
    const subsection = category.subsections.find((s) => s.id === id);
    if (subsection) return { category, subsection };
  }
  return null;
}

/** The category a section id belongs to: its own (a subsection or a bare category id such as 'fuel'). */
export function categoryOf(id: string | null): CategoryId | null {
  if (!id) return null;
  const found = findSubsection(id);
  if (found) return found.category.id;
  return CATEGORIES.find((c) => c.id === id)?.id ?? null;
}

/**
 * What the content area shows for a section id: a filled analysis (the calculators included), the honest 'coming'
 * state, or — for no section or an unknown id (a bare category id included) — the default grid (spec §2).
 */
export function sectionKind(id: string | null): SectionKind {
  const found = findSubsection(id);
  if (!found) return { kind: "default" };
  const { category, subsection } = found;
  if ((READY_SECTION_IDS as readonly string[]).includes(subsection.id)) {
    return { kind: "ready", id: subsection.id as ReadySectionId, name: subsection.name, category };
  }
  if (isOrganisationSection(subsection.id)) {
    return { kind: "organisation", id: subsection.id, name: subsection.name, category };
  }
  return { kind: "coming", id: subsection.id, name: subsection.name, category };
}

/** The category open in the sidebar after clicking one: clicking the open category collapses it (spec §2). */
export function toggleCategory(open: CategoryId | null, clicked: CategoryId): CategoryId | null {
  return open === clicked ? null : clicked;
}
