export * from "./guards.js";
export * from "./interpolation.js";
export * from "./least-squares.js";
export * from "./sfoc-from-fuel.js";
export * from "./speed-fuel-fit.js";
export * from "./statistics.js";
export * from "./trim-analysis.js";
export * from "./trim-evidence.js";
