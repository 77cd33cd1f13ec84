/**
 * The project's root folder (where package.json, drizzle/ and dist/ are). This module sits two folders below
 * it in the sources (src/server) and its code two folders below it in the compiled server (dist/server, one
 * bundle): both answer the same root, which a path relative to each file's own place would not.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
