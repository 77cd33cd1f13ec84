export * from "./good-weather.js";
export * from "./performance.js";
export * from "./sea-days.js";
export * from "./terms.js";
