// Used by settlement.test.ts: runs a daily settlement on the database named by CRASH_DB_URL
// with PANALO_AGENTS_CRASH_AT_BILL set, so the process kills itself (SIGKILL) inside the
// transaction paying that bill — earlier bills committed, that one not.
import { openDatabase } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { settleRun } from "./settlement.ts";

const url = process.env.CRASH_DB_URL;
const cutoff = process.env.CRASH_CUTOFF;
if (!url || !cutoff) throw new Error("CRASH_DB_URL and CRASH_CUTOFF are required");
const database = await openDatabase({ url });
await settleRun({ db: database.db, database } as AppContext, "daily", "crash", new Date(cutoff));
process.stdout.write("finished without crashing\n");
await database.close();
