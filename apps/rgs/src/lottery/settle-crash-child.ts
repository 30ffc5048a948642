// Used by settle-crash.test.ts: an RGS lottery worker on the database named by CRASH_DB_URL,
// its clock at CRASH_NOW, decides the drawn draws and is killed with SIGKILL inside the deciding
// transaction of draw CRASH_DRAW, right after its bets were decided and before their credits
// are written.
import { openDatabase } from "../../../server/src/db/client.ts";
import { inHouseProviderSecret, protocolClient } from "../protocol-client.ts";
import { lotteryContext } from "./context.ts";
import { settleDrawn } from "./settle.ts";

const url = process.env.CRASH_DB_URL;
const appSecret = process.env.CRASH_APP_SECRET;
const now = process.env.CRASH_NOW;
const target = process.env.CRASH_DRAW;
if (!url || !appSecret || !now || !target)
  throw new Error("CRASH_DB_URL, CRASH_APP_SECRET, CRASH_NOW and CRASH_DRAW are required");

const database = await openDatabase({ url });
const ctx = lotteryContext({
  db: database.db,
  // Deciding a draw calls no one; a call would be a bug of this test.
  client: protocolClient(
    async () => {
      throw new Error("no protocol call expected while deciding");
    },
    (v) => inHouseProviderSecret(appSecret, v),
  ),
  now: () => new Date(now),
  leaseMs: 30_000,
});
await settleDrawn(ctx, {
  batch: 2,
  afterBetsDecided: async (drawNo) => {
    if (drawNo !== target) return;
    process.stdout.write(`decided ${drawNo}\n`);
    process.kill(process.pid, "SIGKILL");
    await new Promise(() => undefined);
  },
});
process.stdout.write("not killed\n");
process.exit(1);
