import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";
import { memoryStore } from "../../server/src/lib/shared-store.ts";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { openTestDatabase } from "../../server/src/testing/test-app.ts";
import { queryRows } from "./db.ts";
import { settleSweepJob } from "./jobs.ts";
import { crashBook, sb } from "./sports-testkit.ts";

// The sportsbook killed (SIGKILL) in the middle of settling 10,000 bets, right after the platform
// applied a batch of its credits and before the book recorded their answers (crash point
// `sports.after-credits`, no timing): after a restart every bet is paid exactly once, the ledger
// reconciles, and no cashed-out bet is paid by the settlement. The child needs a database server
// it can reach too (PostgreSQL).
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "crash-secret-crash-secret-crash-secret-2";
const BETS = 10_000;
const PLAYERS = 40;

describe.runIf(onServer)("the sportsbook killed mid-settlement", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    opened = await openTestDatabase();
    const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "false", APP_SECRET, SPORTS_SIMULATOR: "off" });
    app = await buildApp({ config, database: opened.database, store: memoryStore() });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await opened?.drop();
  });

  it("pays every bet once after a restart; cashed-out bets are not paid again", async () => {
    const ctx = sb(app);
    const q = <T>(s: ReturnType<typeof sql>) => queryRows<T>(ctx.db, s);
    const { ids, cashedOut } = await crashBook(ctx, ctx.db, {
      prefix: "crash",
      players: PLAYERS,
      bets: BETS,
    });

    const dir = mkdtempSync(join(tmpdir(), "sb-crash-"));
    const child = spawn(process.execPath, ["--import", "tsx", "apps/sportsbook/src/settle-crash-child.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        CRASH_DB_URL: opened.url,
        CRASH_APP_SECRET: APP_SECRET,
        PANALO_CRASH_AT: "sports.after-credits",
        PANALO_CRASH_DIR: dir,
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (c) => {
      out += c;
    });
    const signal = await new Promise<string | null>((resolve) =>
      child.on("exit", (_code, sig) => resolve(sig)),
    );
    expect(out).toContain("settling");
    expect(out).not.toContain("not killed");
    expect(signal).toBe("SIGKILL");

    // Killed mid-way: bets settled whose credits the platform applied but the book never recorded.
    const [mid] = await q<{ open: number; due: number; paid_unrecorded: number }>(
      sql`SELECT (SELECT count(*)::int FROM sportsbook.sb_bets WHERE status = 'open') AS open,
            (SELECT count(*)::int FROM sportsbook.sb_money_calls WHERE done_at IS NULL) AS due,
            (SELECT count(*)::int FROM sportsbook.sb_money_calls c JOIN provider_transactions p
               ON p.vendor = 'PNSB' AND p.transaction_id = c.transaction_id WHERE c.done_at IS NULL) AS paid_unrecorded`,
    );
    expect(mid?.due).toBeGreaterThan(0);
    expect(mid?.paid_unrecorded).toBeGreaterThan(0);

    // The restart: the settle sweep sends what is due and settles the rest.
    await settleSweepJob(ctx);

    const states = await q<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM sportsbook.sb_bets GROUP BY status ORDER BY status`,
    );
    expect(states).toEqual([
      { status: "cashed_out", n: cashedOut.length },
      { status: "settled", n: BETS - cashedOut.length },
    ]);
    const [due] = await q<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM sportsbook.sb_money_calls WHERE done_at IS NULL`,
    );
    expect(due?.n).toBe(0);
    // Each bet has exactly one credit, of what the book says it paid; a cashed-out bet's is its
    // cash-out (no settlement credit).
    const wrong = await q<{ id: string; wins: number; amount: string | null; paid: string }>(
      sql`SELECT b.id, count(w.id)::int AS wins, sum(w.amount)::text AS amount, b.paid::text AS paid
          FROM sportsbook.sb_bets b LEFT JOIN provider_transactions w
            ON w.vendor = b.vendor AND w.ref_transaction_id = 'sb:' || b.id AND w.kind = 'win'
          GROUP BY b.id
          HAVING count(w.id) <> 1 OR sum(w.amount) <> b.paid
            OR bool_or(w.transaction_id LIKE 'sbc:%') <> (b.status = 'cashed_out')
          LIMIT 5`,
    );
    expect(wrong).toEqual([]);
    // Every member's wallet: the deposit, less the stakes taken by debits, plus every credit.
    const off = await q<{ member_id: string }>(
      sql`SELECT a.member_id FROM ledger_accounts a
          WHERE a.kind = 'main' AND a.member_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)
            AND a.balance <> 100000
              - (SELECT COALESCE(sum(amount), 0) FROM provider_transactions p
                  WHERE p.member_id = a.member_id AND p.kind = 'bet' AND p.fingerprint <> 'bulk')
              + (SELECT COALESCE(sum(amount), 0) FROM provider_transactions p
                  WHERE p.member_id = a.member_id AND p.kind = 'win')`,
    );
    expect(off).toEqual([]);
    expect((await reconcile(ctx.db)).ok).toBe(true);
  }, 600_000);
});
