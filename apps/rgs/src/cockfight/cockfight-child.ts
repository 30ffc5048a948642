// Used by cockfight/cockfight-crash.test.ts: a game-server process on the database named by
// TABLES_DB_URL (named TABLES_HOLDER in the retry pass's leases) that runs the cockfight sweep
// (fights due closed, owed credits and rollbacks sent). With COCKFIGHT_CONFIRM=<fightId>:<result>:<operator>
// it first confirms that fight's declared result (the four-eyes settlement and its credits);
// with the crash points armed (PANALO_CRASH_AT=rgs.after-credit, crash-points.ts) it is
// SIGKILLed after the platform paid the settlement's first credit and before it recorded that.
import type { CockfightResult } from "@panalo/contracts/cockfight";
import { childRoundsContext, runUntilTerm } from "../rounds/child-context.ts";
import { confirmResult, startCockfightSweep } from "./operate.ts";

const ctx = await childRoundsContext({ closeGraceMs: 300 });
const confirm = process.env.COCKFIGHT_CONFIRM;
if (confirm) {
  const [fightId, result, operator] = confirm.split(":");
  await confirmResult(ctx, operator ?? "", fightId ?? "", result as CockfightResult);
}
runUntilTerm(startCockfightSweep(ctx, 200, (err) => console.error(err)));
