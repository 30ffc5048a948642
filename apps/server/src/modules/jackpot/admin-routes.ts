import { formatMinor, PositiveAmount } from "@panalo/contracts/money";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { entriesPage } from "../ledger/service.ts";
import { memberUsernames } from "../members/service.ts";
import type { PoolRow } from "./repo.ts";
import { currentPool, latestWins, poolLedger, setRules } from "./service.ts";

const RulesBody = z.object({
  /** The share of each contributing stake, in parts per million (10000 = 1 %). */
  sharePpm: z.number().int().min(1).max(100_000),
  seedAmount: PositiveAmount,
  mustDropBy: PositiveAmount,
  /** Outside vendors whose slots contribute (the in-house slots always do). */
  vendors: z.array(z.string().regex(/^[A-Za-z0-9_]{2,30}$/)).max(50),
});
const Page = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const poolDto = (p: PoolRow, ledgerBalance: bigint | null) => ({
  sharePpm: p.sharePpm,
  seedAmount: formatMinor(p.seedAmount),
  mustDropBy: formatMinor(p.mustDropBy),
  amount: formatMinor(p.amount),
  currency: p.currency,
  cycle: p.cycle,
  vendors: p.vendors,
  // The ledger account's balance: equal to the amount, or something is wrong.
  ledgerBalance: ledgerBalance === null ? null : formatMinor(ledgerBalance),
  updatedAt: p.updatedAt.toISOString(),
});

/** The back office's jackpot page: rules, wins (with their fairness facts), the pool's ledger. */
export async function jackpotAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  route(
    app,
    { method: "GET", url: "/api/admin/jackpot", guards: [requireOperator(ctx, "finance.read")] },
    async () => {
      const pool = await currentPool(ctx);
      const account = await poolLedger(ctx.db, pool);
      return poolDto(pool, account?.balance ?? null);
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/jackpot",
      body: RulesBody,
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      const pool = await setRules(ctx, body, { operatorId: op.id, operatorName: op.username, ip });
      const account = await poolLedger(ctx.db, pool);
      return poolDto(pool, account?.balance ?? null);
    },
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/jackpot/wins",
      query: Page,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query }) => {
      const wins = await latestWins(ctx.db, query.limit, query.offset);
      const names = await memberUsernames(
        ctx.db,
        wins.map((w) => w.memberId),
      );
      return {
        list: wins.map((w) => ({
          id: w.id,
          cycle: w.cycle,
          memberId: w.memberId,
          username: names.get(w.memberId) ?? "",
          vendor: w.vendor,
          gameCode: w.gameCode,
          roundId: w.roundId,
          amount: formatMinor(w.amount),
          reason: w.reason,
          draw: w.draw,
          serverSeedHash: w.serverSeedHash,
          clientSeed: w.clientSeed,
          nonce: w.nonce,
          createdAt: w.createdAt.toISOString(),
          // Whether PNJ's credit of the win was acknowledged (paid) or is still pending.
          payer: w.payer,
          paidAt: w.paidAt?.toISOString() ?? null,
        })),
      };
    },
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/jackpot/ledger",
      query: Page,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query }) => {
      const pool = await currentPool(ctx);
      const account = await poolLedger(ctx.db, pool);
      if (!account) return { list: [], total: 0 };
      const page = await entriesPage(ctx.db, {
        accountIds: [account.id],
        limit: query.limit,
        offset: query.offset,
      });
      return {
        total: page.total,
        list: page.rows.map((e) => ({
          id: Number(e.id),
          type: e.type,
          reference: e.reference,
          amount: formatMinor(e.amount),
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },
  );
}
