/**
 * The six alert types of the specification (spec §2 and §9) with their defaults, and what every rule
 * answers. Thresholds are percentages for the first three types and trim, days for CII and maintenance
 * (spec §9 'Threshold units').
 */

export const ALERT_TYPES = [
  "hullFouling",
  "fuelEfficiency",
  "enginePerformance",
  "ciiCompliance",
  "trimOptimization",
  "maintenanceSchedule",
] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

export const ALERT_SEVERITIES = ["low", "medium", "high"] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

export const NOTIFICATION_METHODS = ["dashboard", "email", "sms"] as const;
export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number];

export type AlertConfig = {
  enabled: boolean;
  /** In the type's unit (ALERT_THRESHOLD_UNITS): %, or days. */
  threshold: number;
  severity: AlertSeverity;
  notificationMethod: NotificationMethod;
};

/** The defaults of spec §9 'Alert defaults'. */
export const ALERT_DEFAULTS: Readonly<Record<AlertType, AlertConfig>> = {
  hullFouling: { enabled: true, threshold: 5, severity: "medium", notificationMethod: "dashboard" },
  fuelEfficiency: { enabled: true, threshold: 3, severity: "high", notificationMethod: "dashboard" },
  enginePerformance: { enabled: true, threshold: 8, severity: "medium", notificationMethod: "dashboard" },
  ciiCompliance: { enabled: true, threshold: 0, severity: "high", notificationMethod: "dashboard" },
  trimOptimization: { enabled: false, threshold: 2, severity: "low", notificationMethod: "dashboard" },
  maintenanceSchedule: { enabled: true, threshold: 7, severity: "medium", notificationMethod: "dashboard" },
};

/** Unit of each type's threshold (spec §9): percent, or days. */
export const ALERT_THRESHOLD_UNITS: Readonly<Record<AlertType, "%" | "days">> = {
  hullFouling: "%",
  fuelEfficiency: "%",
  enginePerformance: "%",
  ciiCompliance: "days",
  trimOptimization: "%",
  maintenanceSchedule: "days",
};

/** Each type's name in sentences and lists (spec §2 dialog). */
export const ALERT_LABELS: Readonly<Record<AlertType, string>> = {
  hullFouling: "Hull fouling",
  fuelEfficiency: "Fuel efficiency",
  enginePerformance: "Engine performance",
  ciiCompliance: "CII compliance",
  trimOptimization: "Trim optimization",
  maintenanceSchedule: "Maintenance schedule",
};

/**
 * A rule's answer. 'fires': the figure crossed the threshold; 'clear': the inputs are there and it did not;
 * 'no-data': an input is missing, `reason` says which (neither an alert nor an all-clear).
 */
export type RuleResult = {
  state: "fires" | "clear" | "no-data";
  /** The figure compared, in `unit`; null when it could not be computed. */
  figure: number | null;
  threshold: number;
  unit: "%" | "days";
  /** One sentence naming the figure and the threshold, or what is missing. */
  reason: string;
};

/** Formats a figure for a rule's sentence: one decimal, no trailing '.0' noise beyond it. */
export const fmt = (x: number, digits = 1): string => x.toFixed(digits);
