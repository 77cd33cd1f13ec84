export * from "./completeness.js";
export * from "./data-quality-score.js";
export * from "./outliers.js";
export * from "./plausibility.js";
export * from "./stuck-values.js";
