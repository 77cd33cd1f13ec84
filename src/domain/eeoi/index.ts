export * from "./eeoi.js";
export * from "./rolling-eeoi.js";
