import { type ChildProcess, spawn } from "node:child_process";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import fastifyWebsocket from "@fastify/websocket";
import { fetchTransport, inHouseProviderSecret } from "@panalo/rgs/protocol-client";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/src/app.ts";
import { loadConfig } from "../../server/src/config.ts";
import { memoryStore } from "../../server/src/lib/shared-store.ts";
import { reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { openTestDatabase } from "../../server/src/testing/test-app.ts";
import type { SportsContext } from "./context.ts";
import { queryRows } from "./db.ts";
import { memoryRelay } from "./memory-relay.ts";
import { sportsbookPlugin } from "./plugin.ts";
import { remoteHost } from "./remote-host.ts";
import { crashBook } from "./sports-testkit.ts";

// The sportsbook as its own process (SPORTSBOOK_MODE=external, apps/sportsbook/src/main.ts, a
// child process) killed with SIGKILL by the test in the middle of settling 10,000 bets — once
// the platform holds some of the settlement's credits and the book still has calls due — then
// started again: its settle sweep sends what is due and settles the rest. Every bet is paid
// exactly once, no cashed-out bet is paid by the settlement, every wallet is what its calls
// say, the ledger reconciles. The child reaches the database too: PostgreSQL only.
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const APP_SECRET = "ext-crash-secret-ext-crash-secret-ext-3";
const BETS = 10_000;
const PLAYERS = 40;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = (s.address() as AddressInfo) ?? { port: 0 };
      s.close(() => resolve(port));
    });
  });

describe.runIf(onServer)("the sportsbook's own process killed mid-settlement", () => {
  let opened: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let setup: FastifyInstance;
  let ctx: SportsContext | null = null;
  let platformUrl = "";
  let bookPort = 0;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    opened = await openTestDatabase();
    bookPort = await freePort();
    const config = loadConfig({
      NODE_ENV: "test",
      SEED_DEMO: "false",
      APP_SECRET,
      SPORTS_SIMULATOR: "off",
      SPORTSBOOK_MODE: "external",
      SPORTSBOOK_URL: `http://127.0.0.1:${bookPort}`,
    });
    app = await buildApp({ config, database: opened.database, store: memoryStore() });
    await app.listen({ port: 0, host: "127.0.0.1" });
    platformUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    // The book's set-up (a match, bets placed through it, cash-outs) from this process, over
    // HTTP to the platform as the child does; it runs no work of its own.
    const transport = fetchTransport(platformUrl, 10_000);
    setup = Fastify();
    await setup.register(fastifyWebsocket);
    await setup.register(sportsbookPlugin, {
      db: opened.database.db,
      config: { ...config, SPORTS_SIMULATOR: "off" },
      store: memoryRelay(),
      host: remoteHost({ transport, secret: inHouseProviderSecret(APP_SECRET, "PNSB") }),
      transport,
      exposeParams: true,
      onContext: (c) => {
        ctx = c;
      },
    });
    await setup.ready();
  }, 120_000);
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
    await setup?.close();
    await app?.close();
    await opened?.drop();
  });

  /** The book's own process (main.ts), sweeping every 100 ms. */
  const startBook = () => {
    const child = spawn(process.execPath, ["--import", "tsx", "apps/sportsbook/src/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "test",
        HOST: "127.0.0.1",
        PORT: String(bookPort),
        SPORTSBOOK_DATABASE_URL: opened.url,
        SPORTSBOOK_PLATFORM_URL: platformUrl,
        SPORTSBOOK_APP_SECRET: APP_SECRET,
        SPORTSBOOK_CALL_TIMEOUT_MS: "20000",
        SPORTSBOOK_SWEEP_INTERVAL_MS: "100",
        SPORTS_SIMULATOR: "off",
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    children.push(child);
    const exited = new Promise<string | null>((resolve) => child.on("exit", (_c, sig) => resolve(sig)));
    return { child, exited };
  };
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("pays every bet once after a restart; cashed-out bets are not paid again", async () => {
    if (!ctx) throw new Error("the set-up book did not start");
    const book: SportsContext = ctx;
    const q = <T>(s: ReturnType<typeof sql>) => queryRows<T>(opened.database.db, s);
    const { ids, cashedOut } = await crashBook(book, opened.database.db, {
      prefix: "xcrash",
      players: PLAYERS,
      bets: BETS,
    });

    const progress = async () => {
      const [r] = await q<{ open: number; due: number; credited: number }>(
        sql`SELECT (SELECT count(*)::int FROM sportsbook.sb_bets WHERE status = 'open') AS open,
              (SELECT count(*)::int FROM sportsbook.sb_money_calls WHERE done_at IS NULL) AS due,
              (SELECT count(*)::int FROM provider_transactions
                WHERE vendor = 'PNSB' AND kind = 'win' AND transaction_id LIKE 'sbw:%') AS credited`,
      );
      return r ?? { open: -1, due: -1, credited: -1 };
    };

    // The first run: killed once the platform holds some settlement credits and some are due.
    const first = startBook();
    const t0 = Date.now();
    let killedAt: Awaited<ReturnType<typeof progress>> | null = null;
    while (Date.now() - t0 < 60_000 && first.child.exitCode === null) {
      const p = await progress();
      if (p.credited > 0 && p.due > 0) {
        first.child.kill("SIGKILL");
        killedAt = p;
        break;
      }
      await wait(15);
    }
    expect(killedAt, "the book finished (or never began) settling before it was killed").not.toBeNull();
    expect(await first.exited).toBe("SIGKILL");
    const [mid] = await q<{ open: number; due: number; paid_unrecorded: number }>(
      sql`SELECT (SELECT count(*)::int FROM sportsbook.sb_bets WHERE status = 'open') AS open,
            (SELECT count(*)::int FROM sportsbook.sb_money_calls WHERE done_at IS NULL) AS due,
            (SELECT count(*)::int FROM sportsbook.sb_money_calls c JOIN provider_transactions p
               ON p.vendor = 'PNSB' AND p.transaction_id = c.transaction_id WHERE c.done_at IS NULL) AS paid_unrecorded`,
    );
    // Killed mid-way: settlement credits still due (and bets possibly still open).
    expect((mid?.due ?? 0) + (mid?.open ?? 0)).toBeGreaterThan(0);
    console.log(`sportsbook killed after ${Date.now() - t0} ms:`, JSON.stringify({ killedAt, mid }));

    // The restart: its settle sweep sends what is due and settles the rest.
    const second = startBook();
    const t1 = Date.now();
    for (;;) {
      const p = await progress();
      if (p.open === 0 && p.due === 0) break;
      if (Date.now() - t1 > 60_000 || second.child.exitCode !== null)
        throw new Error(`the restarted book did not finish: ${JSON.stringify(p)}`);
      await wait(100);
    }
    console.log(`restarted book finished in ${Date.now() - t1} ms`);
    second.child.kill("SIGTERM");
    await second.exited;

    const states = await q<{ status: string; n: number }>(
      sql`SELECT status, count(*)::int AS n FROM sportsbook.sb_bets GROUP BY status ORDER BY status`,
    );
    expect(states).toEqual([
      { status: "cashed_out", n: cashedOut.length },
      { status: "settled", n: BETS - cashedOut.length },
    ]);
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
    expect((await reconcile(opened.database.db)).ok).toBe(true);
  }, 180_000);
});
