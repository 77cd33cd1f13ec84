export * from "./cells.js";
export * from "./events.js";
export * from "./headers.js";
export * from "./period.js";
export * from "./report.js";
export * from "./sheet.js";
export * from "./wind.js";
