export * from "./imo-number.js";
export * from "./ship-types.js";
