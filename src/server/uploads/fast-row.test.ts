/**
 * The fast path (fast-row.ts) against the contract: on generated rows, a validator with the fast path gives
 * the same COPY values and the same rejections as one that parses every row with zod, and on rows in the
 * common forms it accepts exactly the rows zod accepts.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoInstant } from "../../contracts/common";
import { defaultColumnMappings } from "../../contracts/record-registry";
import { RECORD_BODIES } from "../../contracts/records";
import { UPLOAD_COLUMNS, type UploadDataType } from "../../contracts/upload-columns";
import { FUEL_TYPES } from "../../domain/fuels/fuel-types";
import type { Cell } from "./cell-values";
import { planColumns } from "./column-mapping";
import { type InstantCell, numberTest, readSimpleInstant } from "./fast-row";
import { FleetReferences } from "./fleet-references";
import { type RowError, RowValidator } from "./row-validator";
import { UPLOAD_TYPES } from "./upload-types";

const IMOS = ["9074729", "9312456"];
const fakeDb = {
  query: async (text: string) => ({
    rows: text.includes("from ships")
      ? IMOS.map((imo, i) => ({ id: i + 1, name: `Ship ${i + 1}`, imo_number: imo }))
      : [{ id: 7, ship_id: 1, voyage_number: "A-1" }],
  }),
};
const refs = await FleetReferences.load(fakeDb as never, 1);
const now = new Date("2026-01-01T00:00:00Z");

function validators(type: UploadDataType, decimalComma = false) {
  const plan = planColumns(type, [...UPLOAD_COLUMNS[type]], defaultColumnMappings(type));
  const make = (fastPath: boolean) => new RowValidator(type, plan, refs, { decimalComma, now, fastPath });
  return { fast: make(true), full: make(false) };
}

/** A COPY line as comparable values: numbers as numbers, instants as epoch ms, the rest as text. */
function decode(line: string | undefined, type: UploadDataType): unknown[] | undefined {
  if (line === undefined) return undefined;
  const columnTypes = ["integer", ...UPLOAD_TYPES[type].target.columns.map((c) => c.type)];
  return line
    .replace(/\n$/, "")
    .split("\t")
    .map((text, i) => {
      if (text === "\\N") return null;
      const t = columnTypes[i]!;
      if (t === "double precision" || t === "integer") return Number(text);
      if (t.startsWith("timestamp")) return Date.parse(text.replace(" ", "T").replace(/\+00$/, "Z"));
      return text;
    });
}

function run(v: RowValidator, cells: Cell[], texts?: (string | undefined)[]) {
  const errors: RowError[] = [];
  const line = v.validate({ n: 2, cells, ...(texts ? { texts } : {}) }, (e) => errors.push(e));
  return { line, errors, shipId: line === undefined ? undefined : v.shipId, time: v.time };
}

function expectSame(
  type: UploadDataType,
  cells: Cell[],
  decimalComma = false,
  texts?: (string | undefined)[],
) {
  const { fast, full } = validators(type, decimalComma);
  const a = run(fast, cells, texts);
  const b = run(full, cells);
  expect(decode(a.line, type)).toEqual(decode(b.line, type));
  expect(a.errors).toEqual(b.errors);
  if (b.line !== undefined) {
    expect(a.shipId).toBe(b.shipId);
    expect(Object.is(a.time, b.time)).toBe(true);
  }
  return { fastAccepted: fast.fastRows === 1, accepted: b.line !== undefined };
}

const pad2 = (n: number) => String(n).padStart(2, "0");
/** Instants in the forms the fast path reads, including impossible days and hours. */
const simpleInstant = fc
  .record({
    y: fc.integer({ min: 1000, max: 2999 }),
    mo: fc.integer({ min: 0, max: 13 }),
    d: fc.integer({ min: 0, max: 32 }),
    h: fc.integer({ min: 0, max: 24 }),
    mi: fc.integer({ min: 0, max: 60 }),
    s: fc.integer({ min: 0, max: 60 }),
    ms: fc.integer({ min: 0, max: 999 }),
    form: fc.integer({ min: 0, max: 5 }),
  })
  .map(({ y, mo, d, h, mi, s, ms, form }) => {
    const day = `${y}-${pad2(mo)}-${pad2(d)}`;
    const time = `${pad2(h)}:${pad2(mi)}`;
    return [
      day,
      `${day}T${time}`,
      `${day} ${time}:${pad2(s)}`,
      `${day}T${time}:${pad2(s)}Z`,
      `${day}T${time}:${pad2(s)}.${String(ms).padStart(3, "0")}Z`,
      `${day}Z`,
    ][form]!;
  });
/** Any instant text: the simple forms, offsets, fractions, junk. */
const anyInstant = fc.oneof(
  simpleInstant,
  simpleInstant.map((t) => `${t}+02:00`),
  simpleInstant.map((t) => `${t}.5`),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.string({ maxLength: 12 }),
  fc.constant(""),
);
/** A timestamp cell: any text, or a workbook's date cell (valid or not, in and out of the contract's range). */
const instantCell = fc.oneof(
  anyInstant,
  fc.date(),
  fc.date({ min: new Date("2020-01-01"), max: new Date("2027-01-01") }),
);
const decimalText = (min: number, max: number) =>
  fc.double({ min, max, noNaN: true }).map((n) => String(Math.round(n * 1000) / 1000));
/** Numeric cells: in and out of range, as text and as numbers, with and without exponents, junk. */
const numberCell = fc.oneof(
  decimalText(-10, 2000),
  decimalText(0, 100).map((t) => ` ${t} `),
  fc.double({ noNaN: false }),
  fc.integer({ min: -5, max: 200_000 }),
  fc.constantFrom("", "1e3", "1E-400", "1e400", "+5", ".5", "5.", "-0", "abc", "1,5", "0x10", "Infinity"),
);
const enumCell = (values: readonly string[]) =>
  fc.oneof(fc.constantFrom(...values, "", " ", "x"), fc.string({ maxLength: 4 }));
const shipCell = fc.constantFrom(...IMOS, "IMO 9074729", "1", "Ship 2", "", "9999999");
const voyageCell = fc.constantFrom("", "A-1", "7", "B-9");

const fuelRow = fc
  .tuple(
    shipCell,
    voyageCell,
    instantCell,
    fc.array(numberCell, { minLength: 6, maxLength: 6 }),
    enumCell(FUEL_TYPES),
    numberCell,
    enumCell(["main", "auxiliary"]),
    numberCell,
    numberCell,
  )
  .map(([ship, voyage, ts, nums, fuelType, co2, consumer, dist, period]) => [
    ship,
    voyage,
    ts,
    ...nums,
    fuelType,
    co2,
    consumer,
    dist,
    period,
  ]);

describe("the fast path gives the contract's verdict and values", () => {
  it("fuel rows, any cells", () => {
    fc.assert(
      fc.property(fuelRow, (cells) => {
        expectSame("fuel", cells as Cell[]);
      }),
      { numRuns: 3000 },
    );
  });

  it("a workbook's number cells with the text the file wrote (SheetRow.texts)", () => {
    const written = fc.double({ min: -10, max: 2000, noNaN: true }).chain((n) =>
      fc.constantFrom(String(n), n.toPrecision(17), n.toExponential(), ` ${n}`).map((text) => ({
        n: Number(text),
        text,
      })),
    );
    const row = fc.tuple(
      fc.constantFrom(...IMOS),
      instantCell,
      fc.array(written, { minLength: 6, maxLength: 6 }),
      fc.constantFrom(...FUEL_TYPES),
      fc.constantFrom("main", "auxiliary"),
    );
    fc.assert(
      fc.property(row, ([ship, ts, nums, fuelType, consumer]) => {
        const cells = [ship, "", ts, ...nums.map((x) => x.n), fuelType, "", consumer, "", ""];
        const texts = [undefined, undefined, undefined, ...nums.map((x) => x.text)];
        expectSame("fuel", cells as Cell[], false, texts);
      }),
      { numRuns: 3000 },
    );
  });

  it("fuel rows with a decimal comma", () => {
    const commaRow = fuelRow.map((cells) =>
      cells.map((c) => (typeof c === "string" ? c.replace(".", ",") : c)),
    );
    fc.assert(
      fc.property(commaRow, (cells) => {
        expectSame("fuel", cells as Cell[], true);
      }),
      { numRuns: 1000 },
    );
  });

  it("accepts exactly what zod accepts among rows in the common forms", () => {
    const common = fc.tuple(
      fc.constantFrom(...IMOS),
      fc.constantFrom("", "A-1"),
      simpleInstant,
      fc.array(fc.oneof(decimalText(-10, 2000), fc.constant("")), { minLength: 6, maxLength: 6 }),
      fc.constantFrom(...FUEL_TYPES, ""),
      fc.oneof(decimalText(-10, 4000), fc.constant("")),
      fc.constantFrom("main", "auxiliary", ""),
    );
    fc.assert(
      fc.property(common, ([ship, voyage, ts, nums, fuelType, co2, consumer]) => {
        const cells = [ship, voyage, ts, ...nums, fuelType, co2, consumer, "", ""];
        const { fastAccepted, accepted } = expectSame("fuel", cells);
        expect(fastAccepted).toBe(accepted);
      }),
      { numRuns: 3000 },
    );
  });

  it.each(["environmental", "hull", "trim", "compliance", "auxiliary"] as const)("%s rows", (type) => {
    const width = UPLOAD_COLUMNS[type].length;
    const cell = fc.oneof(numberCell, anyInstant, enumCell(["A", "B", "C", "D", "E"]));
    const row = fc.tuple(
      shipCell,
      voyageCell,
      anyInstant,
      fc.array(cell, { minLength: width, maxLength: width }),
    );
    fc.assert(
      fc.property(row, ([ship, voyage, ts, rest]) => {
        const cells = type === "hull" ? [ship, ts, ...rest] : [ship, voyage, ts, ...rest];
        expectSame(type, cells.slice(0, width) as Cell[]);
      }),
      { numRuns: 1000 },
    );
  });

  it("reads a simple instant as isoInstant does", () => {
    const out: InstantCell = { ms: 0, text: "" };
    fc.assert(
      fc.property(anyInstant, (text) => {
        const zod = isoInstant.safeParse(text);
        if (readSimpleInstant(text, out)) {
          expect(zod.success).toBe(true);
          expect(zod.data?.getTime()).toBe(out.ms);
          expect(Date.parse(out.text.replace(" ", "T").replace(/\+00$/, "Z"))).toBe(out.ms);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it("derives each number field's bounds from the contract", () => {
    for (const [field, schema] of Object.entries(RECORD_BODIES.environmental.shape)) {
      if (!["windDirection", "seaState", "latitude"].includes(field)) continue;
      let inner = schema as unknown as { _zod: { def: { type: string; innerType?: unknown } } };
      while (inner._zod.def.innerType) inner = inner._zod.def.innerType as typeof inner;
      const test = numberTest(inner as never)!;
      fc.assert(
        fc.property(fc.oneof(fc.double(), fc.integer({ min: -400, max: 400 })), (n) => {
          expect(test(n)).toBe(
            (schema as { safeParse(v: unknown): { success: boolean } }).safeParse(n).success,
          );
        }),
      );
    }
  });
});
