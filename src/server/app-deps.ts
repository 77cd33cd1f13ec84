import type { Config } from "./config";
import type { Database, Db } from "./db/client";

/** What every feature plugin is given: the database and the parsed configuration. */
export type AppDeps = { db: Db; database: Database; config: Config };
