export * from "./load-bands.js";
export * from "./sfoc-baseline.js";
export * from "./sfoc-iso-correction.js";
export * from "./shop-test-curve.js";
