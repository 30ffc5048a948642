// Used by crash.test.ts: opens the database named by CRASH_DB_URL, starts a transfer, and is
// killed with SIGKILL in the middle of it — after the ledger rows are written, before the commit.
import { openDatabase } from "../../db/client.ts";
import { postIn } from "./ledger.ts";

const url = process.env.CRASH_DB_URL;
const from = Number(process.env.CRASH_FROM);
const to = Number(process.env.CRASH_TO);
if (!url || !from || !to) throw new Error("CRASH_DB_URL, CRASH_FROM and CRASH_TO are required");
const database = await openDatabase({ url });
await database.db.transaction(async (tx) => {
  await postIn(tx, {
    idempotencyKey: "crash-transfer-1",
    type: "transfer",
    memberId: from,
    legs: [
      { account: { member: from, kind: "main", currency: "PHP" }, amount: -700n },
      { account: { member: to, kind: "main", currency: "PHP" }, amount: 700n },
    ],
  });
  process.stdout.write("written\n");
  // The process dies here, holding an open transaction with the movement written.
  process.kill(process.pid, "SIGKILL");
  await new Promise(() => undefined);
});
