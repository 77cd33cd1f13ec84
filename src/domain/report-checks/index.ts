export * from "./report-checks.js";
