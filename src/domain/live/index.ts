/** Live sensor series: which the Real-time Monitoring section shows, their cadence and status. */
export * from "./live-series.js";
export * from "./series-status.js";
export * from "./sparkline.js";
