export * from "./imo-number.js";
export * from "./ship-profile.js";
export * from "./ship-types.js";
