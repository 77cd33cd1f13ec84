export * from "./cost-per-mile.js";
export * from "./price-table.js";
