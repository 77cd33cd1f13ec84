/**
 * The hull performance calculator's inputs (spec §3, §5): required current and baseline (clean hull) power
 * and SFOC; optional speeds and environmental conditions, which are left out of the body when empty
 * (the contract takes absent, not null).
 */
import type { FieldSpec, FormValues } from "../add-data/form-values";
import { toBody } from "../add-data/form-values";

export const CURRENT_FIELDS: readonly FieldSpec[] = [
  { name: "currentPower", label: "Current power (kW)", kind: "number", required: true, step: "1" },
  { name: "currentSfoc", label: "Current SFOC (g/kWh)", kind: "number", required: true },
  { name: "currentSpeed", label: "Current speed (kn)", kind: "number" },
];

export const BASELINE_FIELDS: readonly FieldSpec[] = [
  {
    name: "baselinePower",
    label: "Baseline power, clean hull (kW)",
    kind: "number",
    required: true,
    step: "1",
  },
  { name: "baselineSfoc", label: "Baseline SFOC, clean hull (g/kWh)", kind: "number", required: true },
  { name: "baselineSpeed", label: "Baseline speed, clean hull (kn)", kind: "number" },
];

export const CONDITION_FIELDS: readonly FieldSpec[] = [
  { name: "seaState", label: "Sea state (0–9)", kind: "integer", hint: "Douglas scale." },
  { name: "windSpeed", label: "Wind speed (kn)", kind: "number" },
  { name: "waveHeight", label: "Wave height (m)", kind: "number" },
  {
    name: "windAngleOffBowDeg",
    label: "Wind from, off the bow (°)",
    kind: "number",
    hint: "0 = head wind, 180 = from astern. Default 0.",
  },
  {
    name: "waveAngleOffBowDeg",
    label: "Waves from, off the bow (°)",
    kind: "number",
    hint: "0 = head seas. The wave correction (STAwave-1) holds only within ±45°. Default 0.",
  },
];

export const CALCULATOR_FIELDS = [...CURRENT_FIELDS, ...BASELINE_FIELDS, ...CONDITION_FIELDS];

/** The request body: numbers parsed, empty fields left out (required ones then fail the schema). */
export function toCalculatorBody(values: FormValues): Record<string, unknown> {
  const body = toBody(CALCULATOR_FIELDS, values);
  for (const key of Object.keys(body)) if (body[key] === null) delete body[key];
  return body;
}
