export * from "./compliance-year.js";
export * from "./eu-ets.js";
export * from "./eu-ports.js";
export * from "./eu-voyage-scope.js";
export * from "./fueleu-compliance.js";
export * from "./fueleu-defaults.js";
export * from "./fueleu-intensity.js";
