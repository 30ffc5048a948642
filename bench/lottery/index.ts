// bench/lottery: settle lottery draws of 1,000, 10,000, 100,000 and 1,000,000 bets (the
// target: draws whose cost grows in a straight line). Each size runs on a database of its own, freshly
// created and filled (no ANALYZE by hand: the plans must not depend on statistics a freshly filled
// table has not got yet). The bets are placed through the real path first (slips of 50 bets, one
// debit each through the provider protocol, one session per member, spread over up to 2,000
// members), then the draw runs and the clock starts: every bet decided in set-based batches, then
// one credit per winning slip (and one closing 0.00 credit per slip on its last draw) sent through
// the protocol. Prints, per size, the placement rate, the settlement time and its cost per bet,
// with the load average, then checks that every win was paid exactly once and that the ledger
// reconciles. Targets: 10,000 bets <= 1 s, 100,000 <= 5 s, 1,000,000 <= 50 s; placement >= 200
// slips of 50 bets a second.
// Run: BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/lottery/index.ts
// (TEST_DATABASE_URL works too; with neither, in-memory PGlite.) BENCH_SIZES=10000,100000 picks
// the sizes; BENCH_RUNS=3 runs each size three times (each on a fresh database); BENCH_BETS=N runs
// one size (as before); BENCH_KEEP=1 keeps each database (to EXPLAIN).
import { randomUUID } from "node:crypto";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import { adminDraws, updateGame } from "../../apps/rgs/src/lottery/admin.ts";
import { lotteryContext } from "../../apps/rgs/src/lottery/context.ts";
import { drawByNo, ensureDraws, openDraws, runDueDraws } from "../../apps/rgs/src/lottery/draws.ts";
import { finishDraws, sendCredits, settleDrawn } from "../../apps/rgs/src/lottery/settle.ts";
import { lotterySession, openLotterySession, placeSlip } from "../../apps/rgs/src/lottery/slips.ts";
import { inHouseProviderSecret, protocolClient } from "../../apps/rgs/src/protocol-client.ts";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { gameVendors } from "../../apps/server/src/db/schema/games.ts";
import { members } from "../../apps/server/src/db/schema/members.ts";
import { providerTransactions } from "../../apps/server/src/db/schema/providers.ts";
import { memoryStore } from "../../apps/server/src/lib/shared-store.ts";
import { post, reconcile } from "../../apps/server/src/modules/ledger/ledger.ts";
import { issueLaunchToken } from "../../apps/server/src/modules/providers/service.ts";
import { seedLotteryGames } from "../../apps/server/src/seed/lottery.ts";
import { openTestDatabase } from "../../apps/server/src/testing/test-app.ts";
import { figure, loadAverage } from "../lib/figure.ts";

// BENCH_RUNS=3 runs each size three times, each on a database of its own (freshly filled).
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
const SIZES = (process.env.BENCH_BETS ?? process.env.BENCH_SIZES ?? "1000,10000,100000,1000000")
  .split(",")
  .map(Number)
  .filter((n) => n > 0)
  .flatMap((n) => Array.from({ length: RUNS }, () => n));
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2_000);
const PER_SLIP = 50;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const GAME = "E3D-5";
const APP_SECRET = "bench-lottery-secret-bench-lottery-secret";

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) process.env.TEST_DATABASE_URL = pgUrl;
console.log(`${pgUrl ? "PostgreSQL" : "PGlite"}; sizes ${SIZES.join(", ")}; load average ${loadAverage()}`);

let allOk = true;
const summary: string[] = [];
for (const size of SIZES) {
  const r = await runDraw(size);
  allOk &&= r.ok;
  summary.push(
    `${String(size).padStart(9)} bets: settled in ${r.totalS.toFixed(2)} s (${((r.totalS / size) * 1e6).toFixed(1)} µs a bet; decided ${r.decideS.toFixed(2)} s), placed at ${r.slipsPerS.toFixed(0)} slips/s; load ${r.load}`,
  );
}
console.log("\nsummary (settlement = bets decided + credits written and paid + draw closed):");
for (const l of summary) console.log(l);
process.exit(allOk ? 0 : 1);

async function runDraw(BETS: number): Promise<{
  ok: boolean;
  totalS: number;
  decideS: number;
  slipsPerS: number;
  load: string;
}> {
  const opened = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    SEED_DEMO: "false",
    APP_SECRET,
    RGS_RETRY_INTERVAL_MS: "0",
    RGS_LOTTERY_INTERVAL_MS: "0",
  });
  const app = await buildApp({ config, database: opened.database, store: memoryStore() });
  await app.ready();
  const db = opened.database.db;
  await db
    .insert(gameVendors)
    .values({
      vassalage: "TCG_SEA",
      gameType: "LOTT",
      accountTypeId: 1,
      displayName: "Panalo Lotto",
      smallIcon: "",
      logo: "",
      logoHover: "",
    })
    .onConflictDoNothing();
  await seedLotteryGames(db, config);

  let clock = new Date("2031-03-03T10:00:00+08:00");
  const ctx = lotteryContext({
    db,
    client: protocolClient(
      async (url, payload, headers) => {
        const res = await app.inject({ method: "POST", url, payload, headers });
        return { status: res.statusCode, body: res.body };
      },
      (v) => inHouseProviderSecret(APP_SECRET, v),
    ),
    now: () => clock,
    leaseMs: 120_000,
  });
  // Enough room on one number for the bench's crowd.
  await updateGame(ctx, "bench", { code: GAME, liabilityLimit: "10000000000.00" });
  await ensureDraws(ctx, true);
  const [draw] = await openDraws(db, GAME, clock, 1);
  if (!draw) throw new Error("no open draw");

  const slips = Math.ceil(BETS / PER_SLIP);
  const memberCount = Math.min(MEMBERS, slips);
  const memberRows = await db
    .insert(members)
    .values(Array.from({ length: memberCount }, (_, i) => ({ username: `lotto_bench_${i}` })))
    .returning({ id: members.id });
  for (const m of memberRows) {
    await post(db, {
      idempotencyKey: `bench-lotto-${m.id}`,
      type: "deposit",
      memberId: m.id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -1_000_000_00n },
        { account: { member: m.id, kind: "main", currency: "PHP" }, amount: 1_000_000_00n },
      ],
    });
  }

  // One lottery session per member, opened before the clock starts (a player opens one session
  // and places many slips on it): the placement rate is slips a second, not logins a second.
  const sessionList: Awaited<ReturnType<typeof lotterySession>>[] = [];
  for (let i = 0; i < memberRows.length; i += CONCURRENCY) {
    const opened = await Promise.all(
      memberRows.slice(i, i + CONCURRENCY).map(async (m) => {
        const token = await issueLaunchToken(app.ctx, m.id, "TCG_SEA");
        const o = await openLotterySession(ctx, { token });
        return lotterySession(ctx, o.sessionId);
      }),
    );
    sessionList.push(...opened);
  }
  let next = 0;
  const placing = performance.now();
  let rng = 12345;
  const rand = () => {
    rng = (rng * 1103515245 + 12345) % 2 ** 31;
    return rng / 2 ** 31;
  };
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < slips) {
        const i = next++;
        const session = sessionList[i % sessionList.length];
        if (!session) continue;
        const n = Math.min(PER_SLIP, BETS - i * PER_SLIP);
        const lines = Array.from({ length: n }, (_, k) => {
          const selection = [0, 0, 0].map(() => Math.floor(rand() * 10));
          const ramb = k % 5 === 0 && new Set(selection).size > 1;
          return {
            gameCode: GAME,
            betType: ramb ? ("rambolito" as const) : ("straight" as const),
            selection,
            stake: "1.00",
            drawNo: draw.drawNo,
            repeat: 1,
          };
        });
        await placeSlip(ctx, session, { requestId: randomUUID(), lines });
      }
    }),
  );
  const placedSeconds = (performance.now() - placing) / 1000;
  const stats = async () => {
    const page = await adminDraws(ctx, { gameCode: GAME, page: 1, pageSize: 200 });
    const d = page.items.find((x) => x.drawNo === draw.drawNo);
    if (!d) throw new Error("draw not listed");
    return d;
  };
  const before = await stats();

  clock = new Date(draw.drawAt.getTime() + 1000);
  await runDueDraws(ctx);
  const t0 = performance.now();
  const decided = await settleDrawn(ctx);
  const t1 = performance.now();
  let credits = 0;
  for (;;) {
    const r = await sendCredits(ctx, { limit: 500, concurrency: CONCURRENCY });
    credits += r.paid;
    if (r.claimed === 0) break;
  }
  await finishDraws(ctx);
  const t2 = performance.now();

  const after = await stats();
  const ledgerWins = (await db.select().from(providerTransactions))
    .filter((r) => r.vendor === "TCG_SEA" && r.kind === "win")
    .reduce((n, r) => n + r.amount, 0n);
  const winners = (await db.select().from(providerTransactions)).filter(
    (r) => r.vendor === "TCG_SEA" && r.kind === "win" && r.amount > 0n,
  ).length;
  const status = (await drawByNo(db, draw.drawNo))?.status;
  const check = await reconcile(db);
  const decideS = (t1 - t0) / 1000;
  const totalS = (t2 - t0) / 1000;
  console.log(
    `\ndraw ${draw.drawNo} with ${before.bets} open bets in ${slips} slips of ${memberCount} members: placed in ${placedSeconds.toFixed(1)} s (${(slips / placedSeconds).toFixed(0)} slips of ${PER_SLIP} bets a second)`,
  );
  console.log(
    `bets decided: ${decided} in ${decideS.toFixed(2)} s (${(decided / decideS).toFixed(0)} bets/s)`,
  );
  console.log(
    `settled with credits paid: ${totalS.toFixed(2)} s, ${((totalS / BETS) * 1e6).toFixed(1)} µs a bet (${(decided / totalS).toFixed(0)} bets settled per second); ${credits} credits through the protocol (${winners} slips won); load average ${loadAverage()}`,
  );
  figure(`lottery.settle.${BETS}`, Number(totalS.toFixed(3)), "s", "lower");
  figure(`lottery.place.${BETS}`, Number((slips / placedSeconds).toFixed(1)), "slips/s", "higher");
  const payouts = parseMoneyOrZero(after.payouts);
  const ok =
    before.bets === BETS && decided === BETS && payouts === ledgerWins && status === "settled" && check.ok;
  console.log(
    `checks: bets won ${after.payouts} = paid on the ledger ${formatMinor(ledgerWins)}; draw ${status}; ledger ${check.ok ? "reconciles" : "BROKEN"} → ${ok ? "OK" : "FAILED"}`,
  );
  await app.close();
  // BENCH_KEEP=1 leaves the database in place, to look at its plans (EXPLAIN) afterwards.
  if (process.env.BENCH_KEEP) {
    console.log(`kept the database: ${opened.url}`);
    await opened.database.close();
  } else await opened.drop();
  return { ok, totalS, decideS, slipsPerS: slips / placedSeconds, load: loadAverage() };
}

function parseMoneyOrZero(v: string): bigint {
  return parseMoney(v) ?? -1n;
}
