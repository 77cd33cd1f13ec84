export * from "./sfoc-iso-correction.js";
export * from "./shop-test-curve.js";
