/**
 * The fields of each statement, defined once for the PDF and the XLSX: per section a list of rows (field,
 * value, unit, source). Values are numbers where the figure is one, so that a spreadsheet can sum them; a
 * field the product does not hold says so instead of being left blank (a verifier must see the gap).
 */
import { CII_RATINGS } from "../../../domain/cii/rating";
import { utcDay } from "../report-format";
import type { StatementData, StatementKind } from "./statement-data";

export type StatementValue = number | string | null;
/** `digits`: decimals in the PDF where the unit's usual ones do not fit (a deadweight in whole tonnes). */
export type StatementRow = {
  field: string;
  value: StatementValue;
  unit: string;
  source: string;
  digits?: number;
};
export type StatementSection = { title: string; rows: StatementRow[] };

export const NOT_HELD = "not held by Sextant: add it from the ship's certificates";
const APPENDIX_IX = "MARPOL Annex VI Appendix IX";
const MRV = "EU 2015/757 Art. 11, Annex II";

function identity(d: StatementData, source: string): StatementSection {
  const s = d.ship;
  return {
    title: "Ship and period",
    rows: [
      { field: "Ship name", value: s.name, unit: "", source },
      { field: "IMO number", value: s.imo, unit: "", source },
      { field: "Ship type", value: s.typeLabel, unit: "", source },
      { field: "Gross tonnage", value: s.grossTonnage, unit: "GT", source },
      { field: "Deadweight", value: s.deadweight, unit: "t", source, digits: 0 },
      { field: "Period start", value: utcDay(d.periodFrom), unit: "", source },
      {
        field: "Period end",
        value: utcDay(new Date(new Date(d.periodTo).getTime() - 1)),
        unit: d.complete ? "" : "year to date",
        source,
      },
    ],
  };
}

/** MEPC.385(81)'s consumer classes; a ship whose records name no boiler has its boiler fuel in the auxiliaries'. */
const CONSUMER_LABEL = { main: "main engines", auxiliary: "auxiliary engines", boiler: "boilers" } as const;

/** The consumers' fuel per class (their grades summed), as MEPC.385(81) asks it. */
function consumerFuelByClass(a: StatementData["annual"]) {
  const sums = new Map<string, { consumer: keyof typeof CONSUMER_LABEL; fuelType: string; tonnes: number }>();
  for (const f of a.fuelByConsumer) {
    const key = `${f.consumer}\u0000${f.fuelClass}`;
    const sum = sums.get(key);
    if (sum) sum.tonnes += f.tonnes;
    else sums.set(key, { consumer: f.consumer, fuelType: f.fuelClass, tonnes: f.tonnes });
  }
  return [...sums.values()];
}

/**
 * Fuel per fuel type as the regulations ask (MARPOL Annex VI Appendix IX, EU MRV: the MEPC.364(79) class),
 * each with the grades reported under it when they are more than the class's own name ('HFO, of which
 * VLSFO'); then per consumer and class (MEPC.385(81)).
 */
function fuel(d: StatementData, source: string): StatementSection {
  const a = d.annual;
  const gradesOf = (fuelType: string) => a.fuelByType.filter((g) => g.fuelClass === fuelType);
  const namesGrades = (fuelType: string) =>
    gradesOf(fuelType).some((g) => g.fuelType !== fuelType) || gradesOf(fuelType).length > 1;
  return {
    title: "Fuel oil consumption",
    rows: [
      ...a.fuelByClass.flatMap((f) => [
        { field: `Fuel: ${f.fuelType}`, value: f.tonnes, unit: "t", source },
        ...(namesGrades(f.fuelType)
          ? gradesOf(f.fuelType).map((g) => ({
              field: `Fuel: ${f.fuelType}, of which ${g.fuelType}`,
              value: g.tonnes,
              unit: "t",
              source: "grade as reported",
            }))
          : []),
      ]),
      ...consumerFuelByClass(a).map((f) => ({
        field: `Fuel: ${f.fuelType}, ${CONSUMER_LABEL[f.consumer]}`,
        value: f.tonnes,
        unit: "t",
        source: "MEPC.385(81)",
      })),
      {
        field: "Method of fuel measurement",
        value: "ship's fuel records (noon reports, flow meters)",
        unit: "",
        source,
      },
    ],
  };
}

function gaps(d: StatementData): StatementSection {
  return {
    title: "Data gaps and how they were filled",
    rows:
      d.annual.gaps.length === 0
        ? [{ field: "Gaps", value: "none", unit: "", source: "" }]
        : d.annual.gaps.map((g) => ({
            field: g.kind,
            value: `${g.detail}; ${g.filled}`,
            unit: "",
            source: "",
          })),
  };
}

function dcs(d: StatementData): StatementSection[] {
  const a = d.annual;
  return [
    identity(d, APPENDIX_IX),
    {
      title: "Ship particulars",
      rows: [
        { field: "Main engine power", value: d.ship.enginePower, unit: "kW", source: APPENDIX_IX },
        { field: "Net tonnage", value: NOT_HELD, unit: "", source: APPENDIX_IX },
        { field: "Auxiliary engine power", value: NOT_HELD, unit: "", source: APPENDIX_IX },
        { field: "EEDI / EEXI", value: NOT_HELD, unit: "", source: APPENDIX_IX },
        { field: "Ice class", value: NOT_HELD, unit: "", source: APPENDIX_IX },
      ],
    },
    fuel(d, APPENDIX_IX),
    {
      title: "Distance and time",
      rows: [
        { field: "Distance travelled", value: a.distanceNm, unit: "nm", source: APPENDIX_IX },
        { field: "Hours underway", value: a.hoursUnderway, unit: "h", source: APPENDIX_IX },
      ],
    },
    gaps(d),
  ];
}

function mrv(d: StatementData): StatementSection[] {
  const a = d.annual;
  return [
    identity(d, MRV),
    fuel(d, MRV),
    {
      title: "Emissions and activity",
      rows: [
        { field: "CO₂ emitted", value: a.co2Tonnes, unit: "t", source: `${MRV}; MEPC.364(79) Cf` },
        ...d.euScope.map((s) => ({
          field: `CO₂ ${s.scope.replaceAll("_", " ")} (EU ETS share ${s.share * 100} %)`,
          value: s.co2Tonnes,
          unit: "t",
          source: "EU 2015/757 Art. 11(2); Directive 2003/87/EC Art. 3ga",
        })),
        ...d.euScopeNotes.map((n) => ({ field: "Left out of the EU scope", value: n, unit: "", source: "" })),
        { field: "Distance travelled", value: a.distanceNm, unit: "nm", source: MRV },
        { field: "Time at sea", value: a.hoursUnderway, unit: "h", source: MRV },
        {
          field: "Transport work",
          value: a.transportWork ?? "no voyage has a cargo figure",
          unit: "t·nm",
          source: MRV,
        },
      ],
    },
    gaps(d),
  ];
}

function cii(d: StatementData): StatementSection[] {
  const c = d.cii;
  const rows: StatementRow[] =
    "reason" in c
      ? [{ field: "CII", value: c.reason, unit: "", source: "" }]
      : [
          { field: "Capacity basis", value: c.capacityBasis, unit: "", source: "MEPC.353(78) Table 1" },
          {
            field: "Capacity",
            value: c.capacity,
            unit: c.capacityBasis === "DWT" ? "t" : "GT",
            source: "MEPC.352(78) §2.5",
          },
          { field: "CO₂ emitted", value: c.co2Tonnes, unit: "t", source: "MEPC.364(79) Cf" },
          { field: "Distance travelled", value: d.annual.distanceNm, unit: "nm", source: APPENDIX_IX },
          { field: "Attained CII", value: c.attainedCii, unit: "g CO₂/(t·nm)", source: "MEPC.352(78)" },
          {
            field: "Reference CII (2019)",
            value: c.referenceCii,
            unit: "g CO₂/(t·nm)",
            source: "MEPC.353(78)",
          },
          {
            field: "Reduction factor Z",
            value: c.reductionPercent,
            unit: "%",
            source: "MEPC.338(76), MEPC.400(83)",
          },
          { field: "Required CII", value: c.requiredCii, unit: "g CO₂/(t·nm)", source: "MEPC.353(78)" },
          ...(["superior", "lower", "upper", "inferior"] as const).map((b, i) => ({
            field: `Boundary ${b} (${CII_RATINGS[i]}|${CII_RATINGS[i + 1]})`,
            value: c.boundaries[b],
            unit: "g CO₂/(t·nm)",
            source: "MEPC.354(78)",
          })),
          { field: "Rating", value: c.rating ?? "not rated (before 2023)", unit: "", source: "MEPC.354(78)" },
          {
            field: "Compliance",
            value: c.complianceStatus ?? "not rated",
            unit: "",
            source: "MARPOL Annex VI reg. 28",
          },
          {
            field: "Required CII next year",
            value: c.nextYearRequiredCii ?? "no factor adopted",
            unit: "g CO₂/(t·nm)",
            source: "MEPC.400(83)",
          },
        ];
  return [identity(d, "MEPC.352(78)"), { title: "Carbon intensity", rows }, gaps(d)];
}

export const STATEMENT_SECTIONS: Record<StatementKind, (d: StatementData) => StatementSection[]> = {
  dcs,
  mrv,
  cii,
};
