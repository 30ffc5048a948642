// Used by the crash tests of the games on the round engine (tables/leader-crash.test.ts,
// bingo/bingo-crash.test.ts): a game-server process that runs the engine for the game named by
// ROUNDS_GAME ("tables", "bingo" or "crash") on the database named by TABLES_DB_URL, named TABLES_HOLDER
// in the lease rows. With the crash points armed (PANALO_CRASH_AT=rgs.after-credit,
// crash-points.ts) it is SIGKILLed after the platform paid its first win and before it
// recorded that.
import { BINGO } from "../bingo/engine.ts";
import { CRASH } from "../crashgame/engine.ts";
import { TABLES } from "../tables/engine.ts";
import { childRoundsContext, runUntilTerm } from "./child-context.ts";
import { startRounds } from "./engine.ts";

const game = { tables: TABLES, bingo: BINGO, crash: CRASH }[process.env.ROUNDS_GAME ?? ""];
if (!game) throw new Error("ROUNDS_GAME (tables, bingo or crash) is required");
const ctx = await childRoundsContext({ closeGraceMs: 300 });
runUntilTerm(startRounds(ctx, [game], (err) => console.error(err), { reloadMs: 300, retryMs: 200 }));
