/**
 * The formulas a report's figures rest on, each with its source, as the domain functions that compute them
 * cite it in their doc comments (src/domain) and the decision records explain (docs/decisions). The one text of
 * each formula: printed as the appendix of the vessel report and the statements so a reader or a verifier can
 * check every figure, and written into docs/kpi-definitions.md by `npm run docs:formulas`
 * (scripts/docs/formula-docs.ts), whose test keeps the page equal to these entries.
 */
import { LOAD_BAND_LABELS, LOAD_BAND_LIMITS } from "../../domain/engine/load-bands";
import { FOUR_STROKE_BASELINE_SFOC, SPEC_BASELINE_SFOC } from "../../domain/engine/sfoc-baseline";
import { ISO3046_REFERENCE } from "../../domain/engine/sfoc-iso-correction";
import { MEPC_385_FIRST_YEAR } from "../../domain/regulation/compliance-year";

const { low, high } = LOAD_BAND_LIMITS;

export type FormulaEntry = {
  /** The entry's block in docs/kpi-definitions.md (`<!-- begin formula <id> … -->`). */
  id: string;
  figure: string;
  formula: string;
  source: string;
};

export const VESSEL_REPORT_FORMULAS: readonly FormulaEntry[] = [
  {
    id: "sfoc",
    figure: "SFOC",
    formula: "SFOC = Σ fuel mass / Σ engine energy (fuel rate × hours / power × hours), g/kWh",
    source:
      "ISO 3046-1 §3 (definition); Sextant decision 007 (derived, cross-checked with the reported column)",
  },
  {
    id: "sfoc-reference",
    figure: "SFOC reference",
    formula: `shop-test SFOC at the range's time-weighted mean load, brought to the LCV of the fuel burnt: SFOC_ISO · ${ISO3046_REFERENCE.lcvKjPerKg.toLocaleString("en-US")} / LCV; the auxiliary engines alone: ${FOUR_STROKE_BASELINE_SFOC} g/kWh (four-stroke default); without a shop test: ${SPEC_BASELINE_SFOC} g/kWh`,
    source:
      "ISO 3046-1 LCV correction; MEPC.364(79) default LCV; reference-data.md §6 (four-stroke default); domain engine/sfoc-baseline",
  },
  {
    id: "fuel-consumption-rate",
    figure: "Fuel consumption rate",
    formula:
      "Σ fuel / time at sea, t/day; reference: the ship's own rate over the 12 months before the range",
    source: "Sextant KPI definition (docs/kpi-definitions.md)",
  },
  {
    id: "engine-load-factor",
    figure: "Engine load factor",
    formula: `time-weighted mean load, % MCR; < ${low} ${LOAD_BAND_LABELS[0]}, ${low}–${high} ${LOAD_BAND_LABELS[1]}, > ${high} ${LOAD_BAND_LABELS[2]}`,
    source: "Specification §2; domain engine/load-bands",
  },
  {
    id: "co2",
    figure: "CO₂",
    formula: "CO₂ = Σ fuel mass × Cf (t CO₂ / t fuel)",
    source: "MEPC.364(79) (2022 CO₂ conversion factors); EU 2015/757 Annex II",
  },
  {
    id: "attained-cii",
    figure: "Attained CII",
    formula: "CII = Σ CO₂ [g] / (capacity × distance [nm]); capacity DWT or GT by ship type",
    source: "MEPC.352(78) (G1); MEPC.353(78) capacity basis",
  },
  {
    id: "required-cii",
    figure: "Required CII",
    formula: "CII_req = (1 − Z/100) · a · Capacity^(−c)",
    source: "MEPC.353(78) (G2, reference lines); MEPC.338(76) and MEPC.400(83) (reduction factors Z)",
  },
  {
    id: "cii-rating",
    figure: "CII rating",
    formula:
      "boundaries = exp(d_i) · CII_req (superior, lower, upper, inferior); A ≤ superior … E > inferior",
    source: "MEPC.354(78) (G4, dd vectors)",
  },
  {
    id: "cii-projection",
    figure: "CII projection",
    formula:
      "year-end CII linear in days; 95 % interval ±1.96σ, σ = w·s·√(1/R + 1/n) from the monthly spread s",
    source: "Sextant decision 011 (projection and its interval)",
  },
  {
    id: "hull-performance",
    figure: "Hull excess power, speed loss",
    formula:
      "measured power against the speed–power reference at the measured speed and displacement, reference-condition filter, Chauvenet outlier test; trend per interval between cleanings",
    source: "ISO 19030-2 (steps 1–5); Sextant decision 009 (hull performance)",
  },
  {
    id: "cleaning-recommendation",
    figure: "Cleaning recommendation",
    formula:
      "extra fuel/day = F·(E − E_clean)/(100 + E); economic interval T* = √(2C/k), C the cleaning cost, k the growth of the daily cost",
    source: "Sextant decision 009 and 011; domain hull/cleaning-decision",
  },
  {
    id: "data-quality",
    figure: "Data quality",
    formula: "completeness against the series' cadence × share of values plausible, not stuck, not outliers",
    source: "Sextant System Status definition; domain data-quality",
  },
];

export const STATEMENT_FORMULAS: readonly FormulaEntry[] = [
  VESSEL_REPORT_FORMULAS[4]!,
  VESSEL_REPORT_FORMULAS[5]!,
  VESSEL_REPORT_FORMULAS[6]!,
  VESSEL_REPORT_FORMULAS[7]!,
  {
    id: "imo-dcs",
    figure: "IMO DCS data",
    formula: `fuel oil consumption per type (and per consumer from ${MEPC_385_FIRST_YEAR}), distance travelled, hours underway`,
    source: "MARPOL Annex VI regulation 27 and Appendix IX; MEPC.385(81) (consumer granularity)",
  },
  {
    id: "eu-mrv",
    figure: "EU MRV annual emissions",
    formula:
      "fuel per type, CO₂ = fuel × emission factor, distance, time at sea, transport work = Σ cargo × distance",
    source: "Regulation (EU) 2015/757 Art. 9–11 and Annex II",
  },
];
