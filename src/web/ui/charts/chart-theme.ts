/** Colours of chart series (Tailwind 700-ish tones that read on white and differ for colour-blind readers). */
export const CHART_COLORS = {
  primary: "#0369a1", // sky-700
  secondary: "#c2410c", // orange-700
  tertiary: "#15803d", // green-700
  quaternary: "#7e22ce", // purple-700
  quinary: "#a16207", // yellow-700
  target: "#dc2626", // red-600
  baseline: "#475569", // slate-600
  muted: "#94a3b8", // slate-400
} as const;

/** A palette for categories (fuel types, consumers, bands), in order. */
export const CATEGORY_COLORS = [
  CHART_COLORS.primary,
  CHART_COLORS.secondary,
  CHART_COLORS.tertiary,
  CHART_COLORS.quaternary,
  CHART_COLORS.quinary,
  CHART_COLORS.baseline,
] as const;

export const AXIS_STYLE = {
  stroke: "#334155",
  font: "11px ui-sans-serif, system-ui, sans-serif",
  labelFont: "600 12px ui-sans-serif, system-ui, sans-serif",
  grid: { stroke: "#e2e8f0", width: 1 },
  ticks: { stroke: "#cbd5e1", width: 1 },
} as const;

/**
 * Tick labels of a UTC time axis, 24-hour and ISO-ordered (spec §9), in uPlot's table form: per tick step
 * (seconds), the label and what is added under the first tick of a new year, month or day. uPlot's own
 * table is US style ('11/18', '2pm'), which under a 'Time (UTC)' label reads as local 12-hour time.
 */
export const UTC_TIME_AXIS_VALUES: (string | number | null)[][] = [
  // step (s), label, added at a new: year, month, day, hour, minute, second; mode
  [3600 * 24 * 365, "{YYYY}", null, null, null, null, null, null, 1],
  [3600 * 24 * 28, "{YYYY}-{MM}", null, null, null, null, null, null, 1],
  [3600 * 24, "{MM}-{DD}", "\n{YYYY}", null, null, null, null, null, 1],
  [3600, "{HH}:{mm}", "\n{YYYY}-{MM}-{DD}", null, "\n{MM}-{DD}", null, null, null, 1],
  [60, "{HH}:{mm}", "\n{YYYY}-{MM}-{DD}", null, "\n{MM}-{DD}", null, null, null, 1],
  [1, ":{ss}", "\n{YYYY}-{MM}-{DD} {HH}:{mm}", null, "\n{MM}-{DD} {HH}:{mm}", null, "\n{HH}:{mm}", null, 1],
];
