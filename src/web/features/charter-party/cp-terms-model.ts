/**
 * The charter-party terms form (text as typed) and the PUT body it makes, checked with the contract's schema.
 * Fields the form does not show (the least good weather, the consumers, the current limit) keep their stored
 * values. Pure, unit-tested.
 */
import {
  type CharterPartyTermsAnswer,
  type CharterPartyTermsBody,
  charterPartyTermsBody,
} from "../../../contracts/charter-party";
import {
  DEFAULT_ABOUT_CONSUMPTION_PERCENT,
  DEFAULT_ABOUT_SPEED_KN,
  DEFAULT_GOOD_WEATHER_MAX_BEAUFORT,
  DEFAULT_GOOD_WEATHER_MAX_DOUGLAS,
} from "../../../domain/charter-party/terms";
import { type FieldErrors, issuesToFieldErrors } from "../../lib/form-errors";

export type TermsForm = {
  speedKn: string;
  consumptionTonnesPerDay: string;
  /** '' lets the server take it from the voyage's cargo (ballast when none). */
  condition: "" | "laden" | "ballast";
  aboutSpeedKn: string;
  aboutConsumptionPercent: string;
  maxBeaufort: string;
  maxDouglas: string;
  maxWaveHeightM: string;
  wholeDay: boolean;
  hireRatePerDay: string;
  bunkerPricePerTonne: string;
  /** Per-grade lines as typed: 'VLSFO 28 @ 600; LSMGO 0.1' (grade, t/day, optional price). */
  gradeConsumption: string;
  currency: string;
};

/** The form's fields by the body's field paths (server field errors name these). */
export const TERMS_FIELD_PATHS: Record<Exclude<keyof TermsForm, "wholeDay">, string> = {
  speedKn: "speedKn",
  consumptionTonnesPerDay: "consumptionTonnesPerDay",
  condition: "condition",
  aboutSpeedKn: "aboutSpeedKn",
  aboutConsumptionPercent: "aboutConsumptionPercent",
  maxBeaufort: "goodWeather.maxBeaufort",
  maxDouglas: "goodWeather.maxDouglas",
  maxWaveHeightM: "goodWeather.maxWaveHeightM",
  hireRatePerDay: "hireRatePerDay",
  bunkerPricePerTonne: "bunkerPricePerTonne",
  gradeConsumption: "gradeConsumption",
  currency: "currency",
};

const text = (v: number | null | undefined) => (v === null || v === undefined ? "" : String(v));

/** The form of the terms that apply, or of the defaults when there are none. */
export function formFromTerms(terms: CharterPartyTermsAnswer | null): TermsForm {
  return {
    speedKn: text(terms?.speedKn),
    consumptionTonnesPerDay: text(terms?.consumptionTonnesPerDay),
    condition: terms?.condition ?? "",
    aboutSpeedKn: text(terms?.aboutSpeedKn ?? DEFAULT_ABOUT_SPEED_KN),
    aboutConsumptionPercent: text(terms?.aboutConsumptionPercent ?? DEFAULT_ABOUT_CONSUMPTION_PERCENT),
    maxBeaufort: text(terms?.goodWeather.maxBeaufort ?? DEFAULT_GOOD_WEATHER_MAX_BEAUFORT),
    maxDouglas: text(terms?.goodWeather.maxDouglas ?? DEFAULT_GOOD_WEATHER_MAX_DOUGLAS),
    maxWaveHeightM: text(terms?.goodWeather.maxWaveHeightM),
    wholeDay: terms?.goodWeather.wholeDay ?? true,
    hireRatePerDay: text(terms?.hireRatePerDay),
    bunkerPricePerTonne: text(terms?.bunkerPricePerTonne),
    gradeConsumption: (terms?.gradeConsumption ?? [])
      .map((g) => `${g.grade} ${g.tonnesPerDay}${g.pricePerTonne === null ? "" : ` @ ${g.pricePerTonne}`}`)
      .join("; "),
    currency: terms?.currency ?? "USD",
  };
}

/** A typed number ('13,5' reads 13.5); null when blank; NaN when unreadable (the schema refuses it). */
export function readNumber(value: string): number | null {
  const trimmed = value.trim().replace(",", ".");
  if (trimmed === "") return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** The per-grade lines typed as 'VLSFO 28 @ 600; LSMGO 0.1', or null when a line cannot be read. */
export function readGradeLines(
  value: string,
): { grade: string; tonnesPerDay: number; pricePerTonne: number | null }[] | null {
  const lines = value
    .split(";")
    .map((l) => l.trim())
    .filter((l) => l !== "");
  const out = [];
  for (const line of lines) {
    const m = /^(.+?)\s+([\d.,]+)\s*(?:@\s*([\d.,]+))?$/.exec(line);
    if (!m) return null;
    const tonnes = readNumber(m[2]!);
    const price = m[3] === undefined ? null : readNumber(m[3]);
    if (tonnes === null || Number.isNaN(tonnes) || Number.isNaN(price)) return null;
    out.push({ grade: m[1]!.trim(), tonnesPerDay: tonnes, pricePerTonne: price });
  }
  return out;
}

export type TermsBodyResult = { ok: true; body: CharterPartyTermsBody } | { ok: false; errors: FieldErrors };

/** The PUT body of the form, or the errors per field path ('goodWeather.maxBeaufort': 'must be …'). */
export function termsBodyOf(form: TermsForm, stored: CharterPartyTermsAnswer | null): TermsBodyResult {
  const grades = readGradeLines(form.gradeConsumption);
  if (grades === null)
    return {
      ok: false,
      errors: { gradeConsumption: "write each grade as 'VLSFO 28' or 'VLSFO 28 @ 600', separated by ';'" },
    };
  const required = (v: string) => readNumber(v) ?? Number.NaN;
  const optional = (v: string) => readNumber(v) ?? undefined;
  const candidate = {
    speedKn: required(form.speedKn),
    consumptionTonnesPerDay: required(form.consumptionTonnesPerDay),
    ...(form.condition === "" ? {} : { condition: form.condition }),
    aboutSpeedKn: optional(form.aboutSpeedKn),
    aboutConsumptionPercent: optional(form.aboutConsumptionPercent),
    goodWeather: {
      maxBeaufort: optional(form.maxBeaufort),
      maxDouglas: optional(form.maxDouglas),
      maxWaveHeightM: readNumber(form.maxWaveHeightM),
      maxAdverseCurrentKn: stored?.goodWeather.maxAdverseCurrentKn ?? null,
      wholeDay: form.wholeDay,
    },
    ...(stored
      ? {
          minGoodWeatherHours: stored.minGoodWeatherHours,
          minGoodWeatherShare: stored.minGoodWeatherShare,
          consumers: stored.consumers,
        }
      : {}),
    hireRatePerDay: readNumber(form.hireRatePerDay),
    bunkerPricePerTonne: readNumber(form.bunkerPricePerTonne),
    gradeConsumption: grades,
    currency: form.currency.trim().toUpperCase(),
  };
  const parsed = charterPartyTermsBody.safeParse(candidate);
  if (!parsed.success) return { ok: false, errors: issuesToFieldErrors(parsed.error.issues) };
  return { ok: true, body: parsed.data };
}
