export * from "./fuel-consumption.js";
export * from "./fuel-types.js";
