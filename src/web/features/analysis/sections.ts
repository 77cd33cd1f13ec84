import { READY_SECTION_IDS, type ReadySectionId } from "../../../contracts/analysis/section-ids";

/**
 * The Analysis Center menu (spec §2 'Dashboard section menu'): five categories, four subsections each,
 * with the specification's names and section ids of the form category-subsection.
 */
export type CategoryId = "fuel" | "hull" | "engine" | "environment" | "database";

export type Subsection = { id: string; name: string };
export type Category = { id: CategoryId; name: string; subsections: readonly Subsection[] };

export const CATEGORIES: readonly Category[] = [
  {
    id: "fuel",
    name: "Fuel Analysis",
    subsections: [
      { id: "fuel-fuel-performance", name: "Performance Trends" },
      { id: "fuel-fuel-consumption", name: "Consumption Analysis" },
      { id: "fuel-fuel-cost", name: "Cost per Mile" },
      { id: "fuel-fuel-eeoi", name: "EEOI Tracking" },
    ],
  },
  {
    id: "hull",
    name: "Hull Performance",
    subsections: [
      { id: "hull-hull-condition", name: "Hull Condition" },
      { id: "hull-hull-resistance", name: "Resistance Analysis" },
      { id: "hull-hull-calculator", name: "Hull Calculator" },
      { id: "hull-hull-analytics", name: "Advanced Analytics" },
    ],
  },
  {
    id: "engine",
    name: "Engine Systems",
    subsections: [
      { id: "engine-engine-performance", name: "Main Engine" },
      { id: "engine-engine-load", name: "Load Analysis" },
      { id: "engine-auxiliary-systems", name: "Auxiliary Systems" },
      { id: "engine-trim-optimization", name: "Trim Optimization" },
    ],
  },
  {
    id: "environment",
    name: "Environmental",
    subsections: [
      { id: "environment-weather-correlation", name: "Weather Impact" },
      { id: "environment-environmental-data", name: "Environmental Data" },
      { id: "environment-compliance", name: "Compliance Tracking" },
      { id: "environment-real-time-monitoring", name: "Real-time Monitoring" },
    ],
  },
  {
    id: "database",
    name: "Database Admin",
    subsections: [
      { id: "database-admin", name: "Database Overview" },
      { id: "database-backup-export", name: "Backup and Export" },
      { id: "database-performance", name: "Performance" },
      { id: "database-data-integrity", name: "Data Integrity" },
    ],
  },
];

/** Sections that host a calculator rather than an analysis of the ship's data. */
export const CALCULATOR_SECTIONS = ["hull-hull-calculator", "environment-compliance"] as const;

export type SectionKind =
  | { kind: "ready"; id: ReadySectionId; name: string; category: Category }
  | { kind: "calculator"; id: (typeof CALCULATOR_SECTIONS)[number]; name: string; category: Category }
  | { kind: "coming"; id: string; name: string; category: Category }
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
 * What the content area shows for a section id: a filled analysis, a calculator, the honest 'coming'
 * state, or — for no section or an unknown id (a bare category id included) — the default grid (spec §2).
 */
export function sectionKind(id: string | null): SectionKind {
  const found = findSubsection(id);
  if (!found) return { kind: "default" };
  const { category, subsection } = found;
  if ((READY_SECTION_IDS as readonly string[]).includes(subsection.id)) {
    return { kind: "ready", id: subsection.id as ReadySectionId, name: subsection.name, category };
  }
  if ((CALCULATOR_SECTIONS as readonly string[]).includes(subsection.id)) {
    return {
      kind: "calculator",
      id: subsection.id as (typeof CALCULATOR_SECTIONS)[number],
      name: subsection.name,
      category,
    };
  }
  return { kind: "coming", id: subsection.id, name: subsection.name, category };
}

/** The category open in the sidebar after clicking one: clicking the open category collapses it (spec §2). */
export function toggleCategory(open: CategoryId | null, clicked: CategoryId): CategoryId | null {
  return open === clicked ? null : clicked;
}
