// Used by the card rooms' crash test (cards/cards-crash.test.ts): a game-server process running
// the card tables' leader loop (cards/engine.ts startCards) on the database named by
// TABLES_DB_URL, named TABLES_HOLDER in the lease rows. The test SIGKILLs it mid-hand.
import { childRoundsContext, runUntilTerm } from "../rounds/child-context.ts";
import { startCards } from "./engine.ts";

const ctx = await childRoundsContext();
runUntilTerm(startCards(ctx, (err) => console.error(err), 100));
