// The platform's provider-protocol conformance suite, driven through the sportsbook's own
// transport as vendor PNSB (the way its money calls reach the platform), and the races across ids
// of the book's own money: a settlement racing a cash-out of the same bet, a cash-out racing the
// bet's void, and two feed consumers delivering the same settlements (settle, rollback, settle
// again) interleaved. The races run on PostgreSQL only: PGlite runs one statement at a time.
import { parseMoney } from "@panalo/contracts/money";
import { inHouseProviderSecret } from "@panalo/rgs/protocol-client";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchTokens } from "../../server/src/db/schema/providers.ts";
import { tokenHash } from "../../server/src/lib/passwords.ts";
import { post, reconcile } from "../../server/src/modules/ledger/ledger.ts";
import { providerConformance } from "../../server/src/testing/provider-conformance-kit.ts";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { applyFeedMessage, cashout, cashoutQuote } from "./book.ts";
import { queryRows } from "./db.ts";
import { AppError } from "./errors.ts";
import { applyFeedMessageIn, type FeedMessage } from "./feed.ts";
import { placeBet } from "./place.ts";
import { settleBets } from "./settle.ts";
import { feedMatch, mainBalance, sb } from "./sports-testkit.ts";

const onServer = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp | undefined;
let made = 0;
const app = () => {
  if (!t) throw new Error("the test platform did not start");
  return t.app;
};
afterAll(async () => t?.close());
beforeAll(async () => {
  t = await createTestApp();
  await sb(t.app).db.execute(sql`UPDATE sportsbook.sb_book SET live_delay_ms = 0`);
  // The platform knows the book's vendors (PNSB, PNES) before their first call.
  await sb(t.app).host.ensureVendors();
}, 120_000);

/** A member made directly (the races need many; registration has its per-address limit). */
async function newMember(amount: bigint): Promise<number> {
  const [m] = await queryRows<{ id: string }>(
    app().ctx.db,
    sql`INSERT INTO members (username) VALUES (${`sbconf${String(++made).padStart(4, "0")}`}) RETURNING id`,
  );
  const id = Number(m?.id);
  if (amount > 0n)
    await post(app().ctx.db, {
      idempotencyKey: `sbconf-fund-${id}`,
      type: "deposit",
      memberId: id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -amount },
        { account: { member: id, kind: "main", currency: "PHP" }, amount },
      ],
    });
  return id;
}

providerConformance("the sportsbook's transport to the platform (PNSB)", async () => {
  const ctx = sb(app());
  return {
    vendor: "PNSB",
    secret: inHouseProviderSecret(t?.config.APP_SECRET ?? "", "PNSB"),
    send: async (call, body, headers) => {
      const res = await ctx.transport(`/provider/PNSB/${call}`, body, headers);
      return { status: res.status, json: JSON.parse(res.body) };
    },
    newPlayer: async (balance) => {
      const playerId = await newMember(parseMoney(balance) ?? 0n);
      return { playerId, token: await ctx.host.launchToken(playerId, "PNSB") };
    },
    // Races show only where calls run side by side: many rounds on PostgreSQL, a few on PGlite.
    raceRounds: onServer ? 80 : 8,
    expireToken: async (token) => {
      await app()
        .ctx.db.update(launchTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(launchTokens.tokenHash, tokenHash(token)));
    },
  };
});

/** The sportsbook's races across ids: calls that name one bet under different ids, at once. */
describe.runIf(onServer)("sportsbook races across ids (PNSB)", () => {
  const MATCHES = 12;
  const PER_MATCH = 3;
  const STAKE = 1_000n;
  const DEPOSIT = 10_000n;
  let seq = 0;
  const HOME = [
    {
      id: 1,
      outcomes: [
        { id: "1", result: 1 as const },
        { id: "2", result: 0 as const },
        { id: "3", result: 0 as const },
      ],
    },
  ];
  const AWAY = [
    {
      id: 1,
      outcomes: [
        { id: "1", result: 0 as const },
        { id: "2", result: 0 as const },
        { id: "3", result: 1 as const },
      ],
    },
  ];
  const settleMsg = (ext: string, ts: number, markets = HOME): FeedMessage => ({
    type: "bet_settlement",
    event_id: ext,
    timestamp: ts,
    markets,
  });
  const feed = (msg: FeedMessage) => applyFeedMessage(sb(app()), "UOF", msg);
  const win = (stake: bigint, odds: number) => (stake * BigInt(odds)) / 1000n;

  interface Placed {
    id: number;
    member: number;
    ext: string;
    odds: number;
  }
  /** MATCHES matches with PER_MATCH bets each, every bet a member of its own. */
  async function placeOn(prefix: string, side: "home" | "away"): Promise<Placed[]> {
    const out: Placed[] = [];
    for (let i = 0; i < MATCHES; i++) {
      const ext = `${prefix}:${i}`;
      const { pick } = await feedMatch(app(), ext);
      const leg = pick("1", side);
      for (let j = 0; j < PER_MATCH; j++) {
        const member = await newMember(DEPOSIT);
        const b = await placeBet(sb(app()), member, {
          kind: "single",
          legs: [leg],
          stake: STAKE,
          oddsPolicy: "none",
          idempotencyKey: `sbconf-${prefix}-${++seq}`,
        });
        out.push({ id: Number(b.id), member, ext, odds: leg.odds });
      }
    }
    return out;
  }
  const betOf = async (id: number) => {
    const [b] = await queryRows<{ status: string; paid: string; debt: string }>(
      sb(app()).db,
      sql`SELECT status, paid::text, debt::text FROM sportsbook.sb_bets WHERE id = ${id}`,
    );
    return b;
  };
  /** The bet's round on the platform: its credits (wins) and its rollbacks. */
  const movesOf = async (id: number) =>
    queryRows<{ kind: string; amount: string; transaction_id: string }>(
      app().ctx.db,
      sql`SELECT kind, amount::text, transaction_id FROM provider_transactions
          WHERE vendor = 'PNSB' AND round_id = ${`sb-${id}`} ORDER BY id`,
    );
  /** Cash out at the quote, or the refusal that says the bet is no longer open to one. */
  const tryCashout = async (b: Placed, offer: bigint) =>
    cashout(sb(app()), b.member, b.id, offer).then(
      () => "cashed" as const,
      (e: unknown) => {
        if (e instanceof AppError && e.code === "SB_CASHOUT_UNAVAILABLE") return "refused" as const;
        throw e;
      },
    );
  const quotes = async (bets: Placed[]) =>
    Promise.all(
      bets.map(async (b) => {
        const q = await cashoutQuote(sb(app()).db, b.member, b.id);
        if (q?.amount == null) throw new Error("no cash-out offer");
        return q.amount;
      }),
    );
  /** The bets of each match, with their index in the list. */
  const groupByMatch = (bets: Placed[]) => {
    const m = new Map<string, Array<[number, Placed]>>();
    for (const [i, b] of bets.entries()) m.set(b.ext, [...(m.get(b.ext) ?? []), [i, b]]);
    return m;
  };
  const reconciles = async () => expect((await reconcile(app().ctx.db)).ok).toBe(true);

  it("a settlement racing a cash-out of the same bet: exactly one of them pays", async () => {
    const bets = await placeOn("cf:so", "home");
    const offers = await quotes(bets);
    const byMatch = groupByMatch(bets);
    const results: Array<"cashed" | "refused"> = [];
    // Half the matches start with the feed's message (its result and the settlement in one go),
    // half with the result committed first and the settlement of its bets racing the cash-outs.
    await Promise.all(
      [...byMatch.entries()].map(async ([ext, group], k) => {
        const outs = () =>
          group.map(([i, b]) => tryCashout(b, offers[i] ?? 0n).then((r) => (results[i] = r)));
        if (k % 2) return Promise.all([...outs(), feed(settleMsg(ext, 100))]);
        const applied = await sb(app()).db.transaction((tx) =>
          applyFeedMessageIn(tx, "UOF", settleMsg(ext, 100)),
        );
        return Promise.all([...outs(), settleBets(sb(app()), applied.settle)]);
      }),
    );
    let cashed = 0;
    for (const [i, b] of bets.entries()) {
      const row = await betOf(b.id);
      const wins = (await movesOf(b.id)).filter((m) => m.kind === "win");
      const paid = results[i] === "cashed" ? (offers[i] ?? 0n) : win(STAKE, b.odds);
      if (results[i] === "cashed") cashed++;
      expect(row?.status).toBe(results[i] === "cashed" ? "cashed_out" : "settled");
      // One credit: the cash-out's (sbc:) or the settlement's, of what the book says it paid.
      expect(wins.map((w) => [w.transaction_id.startsWith("sbc:"), BigInt(w.amount)])).toEqual([
        [results[i] === "cashed", paid],
      ]);
      expect(BigInt(row?.paid ?? "-1")).toBe(paid);
      expect(await mainBalance(app(), b.member)).toBe(DEPOSIT - STAKE + paid);
    }
    // Both sides won some (half the cash-outs come after the result is in: those are refused).
    expect(cashed).toBeLessThan(bets.length);
    await reconciles();
  }, 300_000);

  it("a cash-out racing the bet's void: the stake comes back or the cash-out pays, never both", async () => {
    const bets = await placeOn("cf:cv", "home");
    const offers = await quotes(bets);
    const byMatch = groupByMatch(bets);
    const results: Array<"cashed" | "refused"> = [];
    await Promise.all(
      [...byMatch.entries()].map(async ([ext, group], k) => {
        const outs = group.map(([i, b]) => async () => {
          results[i] = await tryCashout(b, offers[i] ?? 0n);
        });
        const cancel = () =>
          feed({ type: "bet_cancel", event_id: ext, timestamp: 100, markets: [{ id: 1 }] });
        // The cancel starts with the cash-outs or a few milliseconds later (a cash-out first sends
        // the bet's due calls, then locks it): over the matches each side wins some.
        const wait = (k % 4) * 4;
        return Promise.all([new Promise((r) => setTimeout(r, wait)).then(cancel), ...outs.map((o) => o())]);
      }),
    );
    for (const [i, b] of bets.entries()) {
      const row = await betOf(b.id);
      const moves = await movesOf(b.id);
      const wins = moves.filter((m) => m.kind === "win");
      const backs = moves.filter((m) => m.kind === "rollback");
      if (results[i] === "cashed") {
        expect(row?.status).toBe("cashed_out");
        expect(wins.map((w) => BigInt(w.amount))).toEqual([offers[i]]);
        expect(backs).toEqual([]);
        expect(await mainBalance(app(), b.member)).toBe(DEPOSIT - STAKE + (offers[i] ?? 0n));
      } else {
        expect(row?.status).toBe("void");
        expect(wins).toEqual([]);
        expect(backs).toHaveLength(1);
        expect(await mainBalance(app(), b.member)).toBe(DEPOSIT);
      }
    }
    await reconciles();
  }, 300_000);

  it("two feed consumers deliver settle, its rollback and a new settle interleaved: every bet paid once", async () => {
    const bets = await placeOn("cf:fc", "away");
    const exts = [...new Set(bets.map((b) => b.ext))];
    const streams: FeedMessage[][] = [[], []];
    for (const [i, ext] of exts.entries()) {
      const msgs: FeedMessage[] = [
        settleMsg(ext, 100, HOME),
        { type: "rollback_bet_settlement", event_id: ext, timestamp: 200, markets: [{ id: 1 }] },
        settleMsg(ext, 300, AWAY),
      ];
      // Consumer one in order, each message twice; consumer two reversed or rotated, twice.
      streams[0]?.push(...msgs, ...msgs);
      const other = (i % 2 ? [...msgs].reverse() : [msgs[1], msgs[2], msgs[0]]) as FeedMessage[];
      streams[1]?.push(...other, ...other);
    }
    await Promise.all(
      streams.map(async (s) => {
        for (const msg of s) await feed(msg);
      }),
    );
    // What a consumer's interleaving left due is what the settle sweep sends: nothing, here.
    const [due] = await queryRows<{ n: number }>(
      sb(app()).db,
      sql`SELECT count(*)::int AS n FROM sportsbook.sb_money_calls c JOIN sportsbook.sb_bets b ON b.id = c.bet_id
          WHERE c.done_at IS NULL AND b.idempotency_key LIKE 'sbconf-cf:fc-%'`,
    );
    expect(due?.n).toBe(0);
    for (const b of bets) {
      const paid = win(STAKE, b.odds);
      expect(await betOf(b.id)).toMatchObject({ status: "settled", paid: paid.toString(), debt: "0" });
      // Credits less what reversals took back: the newest settlement's payout, once.
      const moves = await movesOf(b.id);
      const net = moves.reduce(
        (s, m) => s + (m.kind === "win" ? BigInt(m.amount) : m.kind === "reverse" ? -BigInt(m.amount) : 0n),
        0n,
      );
      expect(moves.filter((m) => m.kind === "bet")).toHaveLength(1);
      expect(net).toBe(paid);
      expect(await mainBalance(app(), b.member)).toBe(DEPOSIT - STAKE + paid);
    }
    await reconciles();
  }, 300_000);
});
