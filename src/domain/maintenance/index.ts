export * from "./maintenance-events.js";
