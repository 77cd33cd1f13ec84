/**
 * The eight Add Data forms (spec §2 Tools panel, §3 fields, §5 validation, §8 toasts): what each sends
 * where, its fields, and the exact toast texts. The schemas are the contracts' own.
 */
import type { z } from "zod";
import {
  createMaintenanceEventBody,
  MAINTENANCE_EVENT_LABELS,
  MAINTENANCE_EVENT_TYPES,
} from "../../../../contracts/maintenance-events";
import {
  auxiliaryRecordBody,
  complianceRecordBody,
  environmentalRecordBody,
  fuelRecordBody,
  fuelRecordFields,
  hullRecordBody,
  trimRecordBody,
} from "../../../../contracts/records";
import { createShipBody } from "../../../../contracts/ships";
import { createVoyageBody } from "../../../../contracts/voyages";
import { CII_RATINGS } from "../../../../domain/cii/rating";
import { FORM_FUEL_TYPES } from "../../../../domain/fuels/fuel-types";
import { SHIP_TYPE_LABELS, SHIP_TYPES } from "../../../../domain/ships/ship-types";
import type { FieldSpec } from "./form-values";

export type RecordFormId =
  | "ship"
  | "voyage"
  | "fuel"
  | "environmental"
  | "hull"
  | "compliance"
  | "trim"
  | "auxiliary"
  | "maintenance-event";

export type RecordFormSpec = {
  id: RecordFormId;
  /** Heading of the form. */
  title: string;
  endpoint: string;
  schema: z.ZodType;
  /** The object schema behind `schema`, for the inputs' min/max. */
  shape: z.ZodObject;
  /** Which of ship, voyage and timestamp (UTC, default now) the form asks for before its own fields. */
  context: { ship: boolean; voyage: boolean; timestamp: boolean };
  fields: readonly FieldSpec[];
  submitLabel: string;
  success: string;
  error: { title: string; description: string };
};

const num = (name: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label,
  kind: "number",
  ...extra,
});
const int = (name: string, label: string, extra: Partial<FieldSpec> = {}): FieldSpec => ({
  name,
  label,
  kind: "integer",
  ...extra,
});

const records = { ship: true, voyage: true, timestamp: true } as const;

export const SHIP_FORM: RecordFormSpec = {
  id: "ship",
  title: "Add a ship",
  endpoint: "/api/ships",
  schema: createShipBody,
  shape: createShipBody,
  context: { ship: false, voyage: false, timestamp: false },
  fields: [
    { name: "name", label: "Ship name", kind: "text", required: true },
    {
      name: "imo",
      label: "IMO number",
      kind: "text",
      required: true,
      hint: "7 digits; the last is the check digit.",
    },
    {
      name: "type",
      label: "Ship type",
      kind: "select",
      required: true,
      options: [
        { value: "", label: "Select a type" },
        ...SHIP_TYPES.map((type) => ({ value: type, label: SHIP_TYPE_LABELS[type] })),
      ],
    },
    num("deadweight", "Deadweight (MT)", { step: "1" }),
    num("enginePower", "Engine power (kW)", { step: "1" }),
  ],
  submitLabel: "Add Ship",
  success: "Ship Added Successfully",
  error: {
    title: "Error Adding Ship",
    description: "Failed to add ship. Please check the data and try again.",
  },
};

export const VOYAGE_FORM: RecordFormSpec = {
  id: "voyage",
  title: "Create a voyage",
  endpoint: "/api/voyages",
  schema: createVoyageBody,
  shape: createVoyageBody,
  context: { ship: true, voyage: false, timestamp: false },
  fields: [
    { name: "voyageNumber", label: "Voyage number", kind: "text", required: true },
    { name: "origin", label: "Origin", kind: "text", required: true },
    { name: "destination", label: "Destination", kind: "text", required: true },
    { name: "departureDate", label: "Departure date and time (UTC)", kind: "datetime", required: true },
    {
      name: "arrivalDate",
      label: "Arrival date and time (UTC)",
      kind: "datetime",
      hint: "Left empty while the voyage is under way.",
    },
    num("cargoTonnes", "Cargo carried (t)", {
      step: "1",
      hint: "EEOI divides the voyage's CO₂ by cargo × distance: without it the voyage has no EEOI.",
    }),
  ],
  submitLabel: "Create Voyage",
  success: "Voyage Created Successfully",
  error: {
    title: "Error Creating Voyage",
    description: "Failed to create voyage. Please check the data and try again.",
  },
};

export const FUEL_FORM: RecordFormSpec = {
  id: "fuel",
  title: "Add fuel data",
  endpoint: "/api/fuel-data",
  schema: fuelRecordBody,
  shape: fuelRecordFields,
  context: records,
  fields: [
    num("sfoc", "SFOC (g/kWh)"),
    num("fuelConsumptionRate", "Fuel consumption rate (MT/day)"),
    num("engineLoadFactor", "Engine load factor (%)"),
    num("speedThroughWater", "Speed through water (kn)"),
    num("speedOverGround", "Speed over ground (kn)"),
    num("enginePower", "Engine power (kW)", { step: "1" }),
    {
      name: "fuelType",
      label: "Fuel type",
      kind: "select",
      required: true,
      defaultValue: "HFO",
      options: FORM_FUEL_TYPES.map((type) => ({ value: type, label: type })),
    },
    num("co2Emissions", "CO2 emissions (tons/day)", {
      hint: "Left empty, it is computed from the fuel rate and the fuel type.",
    }),
  ],
  submitLabel: "Add Fuel Data",
  success: "Fuel Data Added Successfully",
  error: {
    title: "Error Adding Fuel Data",
    description: "Failed to add fuel data. Please check the values and try again.",
  },
};

export const ENVIRONMENTAL_FORM: RecordFormSpec = {
  id: "environmental",
  title: "Add environmental data",
  endpoint: "/api/environmental-data",
  schema: environmentalRecordBody,
  shape: environmentalRecordBody,
  context: records,
  fields: [
    num("windSpeed", "Wind speed (knots)"),
    num("waveHeight", "Wave height (m)"),
    int("windDirection", "Wind direction (degrees)", { hint: "Where the wind comes from, 0–359." }),
    int("seaState", "Sea state (0–9)", { hint: "Douglas scale, 0 (calm) to 9 (phenomenal)." }),
    num("weatherImpact", "Weather impact (%)", { hint: "Power added by the weather." }),
    num("airTemperature", "Air temperature (°C)"),
    num("seaTemperature", "Sea temperature (°C)", {
      hint: "The hull analysis corrects for water temperature (ISO 19030) where it is given.",
    }),
    num("latitude", "Latitude (°)", { hint: "Decimal degrees, north positive; the voyage track draws it." }),
    num("longitude", "Longitude (°)", { hint: "Decimal degrees, east positive." }),
    num("heading", "Heading (°)", { hint: "True heading, 0–360: wind and waves relative to the bow." }),
  ],
  submitLabel: "Add Environmental Data",
  success: "Environmental Data Added",
  error: {
    title: "Error Adding Environmental Data",
    description: "Failed to add weather data. Please check the values and try again.",
  },
};

export const HULL_FORM: RecordFormSpec = {
  id: "hull",
  title: "Hull condition",
  endpoint: "/api/hull-condition",
  schema: hullRecordBody,
  shape: hullRecordBody,
  context: { ship: true, voyage: false, timestamp: true },
  fields: [
    num("roughnessIndex", "Hull roughness index", { hint: "Clean hull 100–110; heavy fouling 150 or more." }),
    num("propellerSlip", "Propeller slip (%)", { hint: "Typical propeller slip 8–20 %." }),
    num("hullEfficiency", "Hull efficiency (%)", {
      hint: "100 × (clean-hull power ÷ power now − 1) at the same speed, as the hull calculator. Negative means degradation.",
    }),
    int("daysSinceLastCleaning", "Days since last cleaning"),
    { name: "lastCleaningDate", label: "Last cleaning date", kind: "date" },
    num("currentTrim", "Current trim (m)"),
  ],
  submitLabel: "Add Hull Data",
  success: "Hull Condition Data Added",
  error: {
    title: "Error Adding Hull Data",
    description: "Failed to add hull condition data. Please check the values and try again.",
  },
};

/** A maintenance event (issue 14): what the hull analysis segments at. Re-sent, it updates the stored one. */
export const MAINTENANCE_EVENT_FORM: RecordFormSpec = {
  id: "maintenance-event",
  title: "Maintenance events",
  endpoint: "/api/maintenance-events",
  schema: createMaintenanceEventBody,
  shape: createMaintenanceEventBody,
  context: { ship: true, voyage: false, timestamp: false },
  fields: [
    {
      name: "type",
      label: "Event",
      kind: "select",
      required: true,
      options: MAINTENANCE_EVENT_TYPES.map((t) => ({ value: t, label: MAINTENANCE_EVENT_LABELS[t] })),
    },
    { name: "date", label: "Date (UTC)", kind: "date", required: true },
    {
      name: "status",
      label: "Status",
      kind: "select",
      required: true,
      options: [
        { value: "done", label: "Done" },
        { value: "planned", label: "Planned" },
      ],
    },
    {
      name: "coating",
      label: "Coating applied",
      kind: "text",
      hint: "A dry-docking's anti-fouling, e.g. its product name.",
    },
    {
      name: "coatingType",
      label: "Coating type",
      kind: "text",
      hint: "e.g. SPC antifouling, foul-release silicone.",
    },
    { name: "notes", label: "Notes", kind: "text" },
  ],
  submitLabel: "Add Maintenance Event",
  success: "Maintenance Event Added",
  error: {
    title: "Error Adding Maintenance Event",
    description: "Failed to add the maintenance event. Please check the values and try again.",
  },
};

export const COMPLIANCE_FORM: RecordFormSpec = {
  id: "compliance",
  title: "Compliance",
  endpoint: "/api/compliance-data",
  schema: complianceRecordBody,
  shape: complianceRecordBody,
  context: records,
  fields: [
    num("eeoiValue", "EEOI (g CO2/t·nm)"),
    num("eeoiTarget", "EEOI target (g CO2/t·nm)"),
    {
      name: "ciiRating",
      label: "CII rating",
      kind: "select",
      options: [{ value: "", label: "Not given" }, ...CII_RATINGS.map((r) => ({ value: r, label: r }))],
    },
    num("ciiAttained", "Attained CII (g CO2/t·nm)"),
  ],
  submitLabel: "Add Compliance Data",
  success: "Compliance Data Added",
  error: {
    title: "Error Adding Compliance Data",
    description: "Failed to add compliance data. Please check the values and try again.",
  },
};

export const TRIM_FORM: RecordFormSpec = {
  id: "trim",
  title: "Trim",
  endpoint: "/api/trim-data",
  schema: trimRecordBody,
  shape: trimRecordBody,
  context: records,
  fields: [
    num("draughtFore", "Draught fore (m)"),
    num("draughtAft", "Draught aft (m)"),
    num("trim", "Trim (m)", {
      hint: "Aft minus fore, positive by the stern; left empty, it is computed from the draughts.",
    }),
    num("displacement", "Displacement (t)", { step: "1" }),
  ],
  submitLabel: "Add Trim Data",
  success: "Trim Data Added",
  error: {
    title: "Error Adding Trim Data",
    description: "Failed to add trim data. Please check the values and try again.",
  },
};

export const AUXILIARY_FORM: RecordFormSpec = {
  id: "auxiliary",
  title: "Auxiliary systems",
  endpoint: "/api/auxiliary-data",
  schema: auxiliaryRecordBody,
  shape: auxiliaryRecordBody,
  context: records,
  fields: [
    num("hvacPower", "HVAC power (kW)"),
    num("pumpsPower", "Pumps power (kW)"),
    num("lightingPower", "Lighting power (kW)"),
    num("navigationPower", "Navigation power (kW)"),
    num("cargoHandlingPower", "Cargo handling power (kW)"),
  ],
  submitLabel: "Add Auxiliary Data",
  success: "Auxiliary Data Added",
  error: {
    title: "Error Adding Auxiliary Data",
    description: "Failed to add auxiliary data. Please check the values and try again.",
  },
};
