import type { ZodType } from "zod";
import type { Config } from "../config.ts";
import type { Database, Db } from "../db/client.ts";
import type { Clock } from "./clock.ts";
import type { SharedStore } from "./shared-store.ts";

/** What every module receives: settings, the database, shared state, and the clock. */
/** One declared route, for the generated OpenAPI document. */
export interface ApiDoc {
  methods: string[];
  url: string;
  body?: ZodType;
  query?: ZodType;
  params?: ZodType;
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /**
   * The read pool of DATABASE_URL_READ (a replica), when set on PostgreSQL; absent: reads go to
   * `database`. Only reads that may lag use it (lib/read-db.ts).
   */
  reads?: Database;
  store: SharedStore;
  clock: Clock;
  apiDocs: ApiDoc[];
}
