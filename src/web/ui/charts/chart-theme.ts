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
