export * from "./fuel-sums.js";
export * from "./record-arithmetic.js";
