import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { openTestDatabase } from "../../testing/test-app.ts";
import { memberBalances, reconcile, transfer } from "./ledger.ts";

// A process killed half-way through a transfer leaves the ledger as if it never started; the
// same transfer then runs once. Needs a database server the child can reach (PostgreSQL).
const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onServer)("a transfer killed half-way", () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url = "";
  let a = 0;
  let b = 0;
  beforeAll(async () => {
    ({ database, drop, url } = await openTestDatabase());
    const rows = await database.db
      .insert(members)
      .values([{ username: "crash_a" }, { username: "crash_b" }])
      .returning({ id: members.id });
    a = rows[0]?.id ?? 0;
    b = rows[1]?.id ?? 0;
    await transfer(database.db, {
      key: "crash-seed",
      type: "deposit",
      from: { house: "cash", currency: "PHP" },
      to: { member: a, kind: "main", currency: "PHP" },
      amount: 1_000n,
    });
  });
  afterAll(async () => drop());

  const main = async (id: number) =>
    (await memberBalances(database.db, id)).find((x) => x.kind === "main")?.balance ?? 0n;

  it("leaves nothing behind, and the retried transfer applies once", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "apps/server/src/modules/ledger/crash-child.ts"],
      {
        env: { ...process.env, CRASH_DB_URL: url, CRASH_FROM: String(a), CRASH_TO: String(b) },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    const signal = await new Promise<string | null>((resolve) =>
      child.on("exit", (_code, sig) => resolve(sig)),
    );
    expect(out).toContain("written");
    expect(signal).toBe("SIGKILL");
    // The server rolls back the dead connection's transaction.
    expect(await main(a)).toBe(1_000n);
    expect(await main(b)).toBe(0n);
    expect((await reconcile(database.db)).ok).toBe(true);
    const retried = await transfer(database.db, {
      key: "crash-transfer-1",
      type: "transfer",
      from: { member: a, kind: "main", currency: "PHP" },
      to: { member: b, kind: "main", currency: "PHP" },
      amount: 700n,
      memberId: a,
    });
    expect(retried.replayed).toBe(false);
    expect(await main(a)).toBe(300n);
    expect(await main(b)).toBe(700n);
    expect((await reconcile(database.db)).ok).toBe(true);
  }, 60_000);
});
