import { describe, expect, it } from "vitest";
import { UPLOAD_COLUMNS, UPLOAD_DATA_TYPES } from "../../../../contracts/upload-columns";
import { buildCsvTemplate, csvCell, templateFileName, templateRows } from "./csv-template";

/** A minimal RFC 4180 line splitter for the checks (quoted commas stay in their cell). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cell);
      cell = "";
    } else cell += ch;
  }
  out.push(cell);
  return out;
}

describe("buildCsvTemplate", () => {
  it.each(UPLOAD_DATA_TYPES)(
    "%s: the header row of upload-columns.ts and exactly one example row",
    (type) => {
      const lines = buildCsvTemplate(type).split("\r\n");
      expect(lines.at(-1)).toBe("");
      expect(lines).toHaveLength(3);
      expect(cells(lines[0]!)).toEqual([...UPLOAD_COLUMNS[type]]);
      expect(cells(lines[1]!)).toHaveLength(UPLOAD_COLUMNS[type].length);
    },
  );

  it.each(UPLOAD_DATA_TYPES)("%s: the example row names the example vessel, not a real ship", (type) => {
    const [headers, example] = templateRows(type);
    const shipColumn = headers.indexOf(type === "ships" ? "Vessel Name" : "Ship ID");
    expect(example[shipColumn]).toBe("Example Vessel");
  });

  it("fuel: dates are ISO 8601 UTC and the fuel type is one of the form's", () => {
    const [headers, example] = templateRows("fuel");
    expect(example[headers.indexOf("Date")]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(example[headers.indexOf("Fuel Type")]).toBe("HFO");
  });
});

describe("csvCell", () => {
  it.each([
    ["leaves a plain value", "Rotterdam", "Rotterdam"],
    ["quotes a comma", "Ro-ro, vehicle", '"Ro-ro, vehicle"'],
    ["doubles quotes", 'say "hi"', '"say ""hi"""'],
    ["quotes a line break", "a\nb", '"a\nb"'],
    ["leaves an empty cell empty", "", ""],
  ])("%s", (_rule, value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("templateFileName", () => {
  it("names the type", () => {
    expect(templateFileName("environmental")).toBe("sextant-environmental-template.csv");
  });
});
