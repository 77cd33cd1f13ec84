export * from "./cost-per-mile.js";
export * from "./fuel-pricing.js";
export * from "./price-table.js";
