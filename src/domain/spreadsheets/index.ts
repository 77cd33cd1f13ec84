export * from "./cell-kinds.js";
