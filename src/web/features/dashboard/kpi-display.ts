import { intervalBasisLabel } from "../../../contracts/analysis/environment-compliance-section";
import type { Kpis } from "../../../contracts/analysis/kpis";
import type { RecordsByKind } from "../../../contracts/analysis/record-presence";
import type { ComplianceStatus } from "../../../domain/cii/rating";
import { CII_FIRST_RATED_YEAR } from "../../../domain/cii/reduction-factors";
import type { LoadBand } from "../../../domain/engine/load-bands";
import type { SfocFlag } from "../../../domain/engine/sfoc-cross-check";
import { atSeaSourceNote } from "../../lib/at-sea-source";
import { distanceSourceNote } from "../../lib/distance-source";
import { emptyText, FUEL_RATE_MISSING, LOAD_MISSING, SFOC_MISSING } from "../../lib/empty-range";
import { formatFixed, formatNumber } from "../../lib/format";

const oneDecimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** KPI figures always show one decimal (spec §2): '37.0', '1,204.5'. */
export const formatKpi = (value: number) => oneDecimal.format(value);

/** How a difference to a reference reads (spec §2 'KPI card row'). */
export type Difference = {
  /** '+2.3%', '−1.4%', '0.0%': one decimal. */
  text: string;
  /**
   * Below the reference is an improvement: green with a down arrow; otherwise red with an up arrow.
   * 'unverified': the figure failed its cross-check (decision 007), so no direction is claimed (amber).
   */
  tone: "better" | "worse" | "unverified";
  arrow: "down" | "up";
};

/**
 * A percent difference to its reference: below the reference (negative) is an improvement shown green
 * with a down arrow; equal or above is shown red with an up arrow (spec §2). One decimal; a difference
 * that rounds to zero reads '0.0%' without a sign.
 */
export function describeDifference(percent: number): Difference {
  const better = percent < 0;
  const rounded = Math.round(Math.abs(percent) * 10) / 10;
  const sign = rounded === 0 ? "" : better ? "−" : "+";
  return {
    text: `${sign}${rounded.toFixed(1)}%`,
    tone: better ? "better" : "worse",
    arrow: better ? "down" : "up",
  };
}

/** Why an SFOC is unverified, in words (contract `kpis.sfoc.flags`). */
export const SFOC_FLAG_TEXT: Record<SfocFlag, string> = {
  "reported-vs-derived": "reported and derived SFOC disagree by more than 10%",
  "out-of-physical-range": "outside the range a diesel engine of this kind can reach",
};

/** The CII card's year-end line: the projection, its 95 % interval with the ratings at both ends, and its basis. */
export function projectionLine(p: NonNullable<Kpis["cii"]>["projection"]): string {
  const ratings = p.lowRating === null ? "" : `, ${p.lowRating} to ${p.highRating}`;
  return (
    `Year end ${formatFixed(p.attained, 2)}${p.rating === null ? "" : ` (${p.rating})`}, ` +
    `95 % interval ${formatFixed(p.low, 2)}–${formatFixed(p.high, 2)}${ratings}; from ${intervalBasisLabel(p.basis)}`
  );
}

/** The SFOC card's difference: as `describeDifference`, but amber and without a claim when unverified. */
function sfocDifference(sfoc: NonNullable<Kpis["sfoc"]>): Difference & { label: string } {
  const d = describeDifference(sfoc.differencePercent);
  return sfoc.verified
    ? { ...d, label: "vs baseline" }
    : { ...d, tone: "unverified", label: "vs baseline (unverified)" };
}

/** The SFOC card's cross-check line: the reported SFOC against the derived figure, and why it is unverified. */
function sfocCrossCheck(sfoc: NonNullable<Kpis["sfoc"]>): string {
  const reported =
    sfoc.reported === null
      ? "No reported SFOC to cross-check"
      : `Reported ${formatKpi(sfoc.reported)} g/kWh (${describeDifference(sfoc.reportedDifferencePercent ?? 0).text} vs derived)`;
  return sfoc.verified
    ? reported
    : `${reported}. Unverified: ${sfoc.flags.map((f) => SFOC_FLAG_TEXT[f]).join("; ")}. See Report checks.`;
}

/** Tone of a load band label: the optimal band is good, the others call for attention. */
export function loadBandTone(band: LoadBand): "success" | "warning" {
  return band === "Optimal Range" ? "success" : "warning";
}

/** Tone of a CII rating: A–C compliant (green), D–E not (red) (spec §4). */
export function ciiTone(status: ComplianceStatus): "success" | "danger" {
  return status === "Compliant" ? "success" : "danger";
}

/** What a card shows: its figure, or the sentence that says why there is none (PRODUCT.md D1). */
export type KpiView = {
  id: "sfoc" | "fuel-rate" | "engine-load" | "cii";
  title: string;
  /** The figure without unit, or null when the range has no data for it. */
  value: string | null;
  unit: string;
  /** Shown instead of the figure when `value` is null: the cause and the action that gives it a value. */
  emptyText: string;
  difference: (Difference & { label: string }) | null;
  /** A label computed from the value ('Optimal Range', 'Compliant'), with its tone. */
  badge: { text: string; tone: "success" | "warning" | "danger" } | null;
  /** A line under the figure: the reference used, the CII figures. */
  detail: string | null;
  /** The SFOC card's cross-check: the other source's figure and, when unverified, why. */
  crossCheck: string | null;
};

/**
 * The four cards of the KPI row from the server's `kpis` (issue 6 item 3). An empty card says why (issue 35
 * item 2): the range's fuel records from `records` (lib/empty-range), else the field its records lack.
 */
export function kpiViews(kpis: Kpis, records?: RecordsByKind | null): KpiView[] {
  const { sfoc, fuelConsumptionRate: rate, engineLoadFactor: load, cii } = kpis;
  return [
    {
      id: "sfoc",
      title: "SFOC",
      value: sfoc ? formatKpi(sfoc.value) : null,
      unit: "g/kWh",
      emptyText: emptyText("fuel", records, SFOC_MISSING),
      difference: sfoc ? sfocDifference(sfoc) : null,
      badge: sfoc && !sfoc.verified ? { text: "Unverified", tone: "warning" } : null,
      detail: sfoc
        ? sfoc.referenceSource === "shop-test"
          ? `Baseline ${formatNumber(sfoc.reference, 1)} g/kWh: shop test at ${formatNumber(sfoc.referenceLoadPercent, 0)}% load, on the burnt fuel's LCV`
          : sfoc.referenceSource === "four-stroke-default"
            ? `Baseline ${formatNumber(sfoc.reference, 1)} g/kWh (four-stroke default: the auxiliary engines are generators, not the main engine)`
            : `Baseline ${formatNumber(sfoc.reference, 1)} g/kWh (specification value: the shop-test curve applies to the main engine alone, at a load it covers)`
        : null,
      crossCheck: sfoc ? sfocCrossCheck(sfoc) : null,
    },
    {
      id: "fuel-rate",
      title: "Fuel Consumption Rate",
      value: rate ? formatKpi(rate.value) : null,
      unit: "MT/day",
      emptyText: emptyText("fuel", records, FUEL_RATE_MISSING),
      difference:
        rate && rate.differencePercent !== null
          ? { ...describeDifference(rate.differencePercent), label: "vs average" }
          : null,
      badge: null,
      detail: rate
        ? (rate.reference === null
            ? "No history in the 12 months before this range to compare with"
            : `Reference ${formatNumber(rate.reference, 1)} MT/day: ${rate.referenceBasis}`) +
          (atSeaSourceNote(rate.atSeaSource) ? ` (${atSeaSourceNote(rate.atSeaSource)})` : "")
        : null,
      crossCheck: null,
    },
    {
      id: "engine-load",
      title: "Engine Load Factor",
      value: load ? formatKpi(load.value) : null,
      unit: "%",
      emptyText: emptyText("fuel", records, LOAD_MISSING),
      difference: null,
      badge: load ? { text: load.band, tone: loadBandTone(load.band) } : null,
      detail: load ? "Time-weighted mean load" : null,
      crossCheck: null,
    },
    {
      id: "cii",
      title: "CII Rating",
      value: cii ? (cii.rating ?? "Not rated") : null,
      unit: "IMO Grade",
      // the server's cause (no fuel records this year, no capacity, no distance): the Compliance section's words
      emptyText: kpis.ciiEmptyReason ?? "No fuel and distance data this year to rate",
      difference: null,
      badge: cii?.complianceStatus
        ? { text: cii.complianceStatus, tone: ciiTone(cii.complianceStatus) }
        : null,
      detail: cii
        ? `${cii.year} year to date${cii.rating === null ? ` (ratings start with ${CII_FIRST_RATED_YEAR})` : ""}: attained ${formatFixed(cii.attained, 2)}, required ${formatFixed(cii.required, 2)} g CO₂/t·nm${
            distanceSourceNote(cii.distanceSource) ? ` (${distanceSourceNote(cii.distanceSource)})` : ""
          }. ${projectionLine(cii.projection)}`
        : null,
      crossCheck: null,
    },
  ];
}
