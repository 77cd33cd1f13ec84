import { describe, expect, it } from "vitest";
import { READY_SECTION_IDS, SECTION_IDS } from "../../../contracts/analysis/section-ids";
import { CATEGORIES, categoryOf, sectionKind, toggleCategory } from "./sections";

describe("the Analysis Center menu (spec §2)", () => {
  it("has five categories of four subsections", () => {
    expect(CATEGORIES.map((c) => c.name)).toEqual([
      "Fuel Analysis",
      "Hull Performance",
      "Engine Systems",
      "Environmental",
      "Database Admin",
    ]);
    expect(CATEGORIES.every((c) => c.subsections.length === 4)).toBe(true);
  });

  it("uses ids of the form category-subsection, all distinct", () => {
    const ids = CATEGORIES.flatMap((c) => c.subsections.map((s) => s.id));
    expect(new Set(ids).size).toBe(20);
    for (const category of CATEGORIES) {
      for (const s of category.subsections) expect(s.id.startsWith(`${category.id}-`)).toBe(true);
    }
  });

  it("lists exactly the section ids of the API contract, in its order", () => {
    expect(CATEGORIES.flatMap((c) => c.subsections.map((s) => s.id))).toEqual([...SECTION_IDS]);
  });

  it.each([
    ["database", ["Database Overview", "Backup and Export", "Performance", "Data Integrity"]],
    ["fuel", ["Performance Trends", "Consumption Analysis", "Cost per Mile", "EEOI Tracking"]],
  ])("names the %s subsections as the specification", (id, names) => {
    expect(CATEGORIES.find((c) => c.id === id)?.subsections.map((s) => s.name)).toEqual(names);
  });
});

describe("sectionKind", () => {
  it.each([
    ["a filled section", "fuel-fuel-cost", "ready"],
    ["the compliance section (with the CII calculator)", "environment-compliance", "ready"],
    ["the hull calculator's section (prefilled from the ship's data)", "hull-hull-calculator", "ready"],
    ["the live section", "environment-real-time-monitoring", "ready"],
    ["a database section (the organisation's)", "database-backup-export", "organisation"],
    ["no section", null, "default"],
    ["an unknown id", "fuel-fuel-nonsense", "default"],
    ["a bare category id", "engine", "default"],
  ])("%s (%s) is %s", (_rule, id, kind) => {
    expect(sectionKind(id).kind).toBe(kind);
  });

  it("marks every ready section of the contract as ready", () => {
    for (const id of READY_SECTION_IDS) expect(sectionKind(id).kind).toBe("ready");
  });
});

describe("categories", () => {
  it.each([
    ["opens a closed category", null, "fuel", "fuel"],
    ["switches to another category", "fuel", "hull", "hull"],
    ["clicking the open category collapses it", "fuel", "fuel", null],
  ] as const)("%s", (_rule, open, clicked, expected) => {
    expect(toggleCategory(open, clicked)).toBe(expected);
  });

  it("finds the category of a section or a bare category id", () => {
    expect(categoryOf("engine-engine-load")).toBe("engine");
    expect(categoryOf("database")).toBe("database");
    expect(categoryOf("nothing")).toBeNull();
  });
});
