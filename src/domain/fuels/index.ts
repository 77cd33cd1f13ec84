export * from "./fuel-types.js";
