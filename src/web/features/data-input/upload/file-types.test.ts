import { describe, expect, it } from "vitest";
import { fileExtension, isBulkFile, isUploadFile } from "./file-types";

describe("fileExtension", () => {
  it.each([
    ["lower-cases the extension", "Noon Reports.XLSX", ".xlsx"],
    ["takes the last dot", "fuel.2025.csv", ".csv"],
    ["is empty without a dot", "README", ""],
    ["is empty for a dot file", ".csv", ""],
    ["is empty for a trailing dot", "fuel.", ""],
  ])("%s", (_rule, name, expected) => {
    expect(fileExtension(name)).toBe(expected);
  });
});

describe("isUploadFile (Excel or CSV)", () => {
  it.each([
    ["fuel.csv", true],
    ["fuel.xlsx", true],
    ["legacy.XLS", true],
    ["fuel.txt", false],
    ["fuel.csv.exe", false],
    ["fuel.ods", true],
    ["noon.TSV", true],
    ["csv", false],
  ])("%s → %s", (name, expected) => {
    expect(isUploadFile(name)).toBe(expected);
  });
});

describe("isBulkFile (Excel only)", () => {
  it.each([
    ["fleet.xlsx", true],
    ["fleet.xls", true],
    ["fleet.ods", true],
    ["fleet.csv", false],
    ["fleet.pdf", false],
  ])("%s → %s", (name, expected) => {
    expect(isBulkFile(name)).toBe(expected);
  });
});
