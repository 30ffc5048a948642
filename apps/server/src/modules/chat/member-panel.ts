import type { Permission } from "@panalo/contracts/admin-roles";
import type { ChatMemberPanel } from "@panalo/contracts/chat";
import { manilaDay } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import type { AppContext } from "../../lib/context.ts";
import { bettingRecord } from "../games/service.ts";
import { entriesPage, memberAccounts } from "../ledger/service.ts";
import { type MemberRecord, requirePlayer } from "../members/service.ts";
import { memberPaymentLines } from "../payments/service.ts";
import { rgState } from "../responsible-gaming/service.ts";
import { balanceSummary } from "../wallet/service.ts";
import { memberVipLevel } from "./service.ts";

/** How many deposits, withdrawals, ledger entries and rounds the panel lists (open ones besides). */
const LATEST_SHOWN = 5;
const LEDGER_SHOWN = 10;
const ROUNDS_DAYS = 30;

/**
 * Beside a conversation: the member, for the operator who answers. Composed from the owning
 * modules' public faces (members, responsible gaming, payments, ledger, games), never their
 * tables. Each part follows the permission that shows the same facts on the player page — who
 * the member is, KYC and limits with `players.read`, money and rounds with `finance.read` — so
 * the console shows an operator nothing the player page would not.
 */
export async function memberPanel(
  ctx: AppContext,
  memberId: number,
  can: (permission: Permission) => boolean,
): Promise<ChatMemberPanel> {
  const m = await requirePlayer(ctx.db, memberId);
  const [player, money, rounds] = await Promise.all([
    can("players.read") ? playerPart(ctx, m) : null,
    can("finance.read") ? moneyPart(ctx, memberId) : null,
    can("finance.read") ? roundsPart(ctx, memberId) : null,
  ]);
  return { memberId: m.id, username: m.username, language: m.language, player, money, rounds };
}

async function playerPart(ctx: AppContext, m: MemberRecord): Promise<ChatMemberPanel["player"]> {
  const [vipLevel, rg] = await Promise.all([
    memberVipLevel(ctx.db, m.id),
    rgState(ctx.db, m.id, ctx.clock.now()),
  ]);
  return {
    nickname: m.nickname,
    currency: m.currency,
    status: m.status,
    isAgent: m.isAgent,
    vipLevel,
    createdAt: m.createdAt.toISOString(),
    lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
    kyc: {
      status: m.kycStatus,
      verifiedAt: m.kycVerifiedAt?.toISOString() ?? null,
      realNameVerified: m.realNameVerified,
    },
    limits: {
      set: rg.limits
        .filter((l) => l.amount !== null || l.pending !== null)
        .map((l) => ({
          kind: l.kind,
          period: l.period,
          amount: l.amount,
          used: l.used,
          pendingAmount: l.pending?.amount ?? null,
        })),
      sessionMinutes: rg.sessionMinutes,
      blocked: rg.blocked,
    },
  };
}

async function moneyPart(ctx: AppContext, memberId: number): Promise<ChatMemberPanel["money"]> {
  const [balance, payments, accounts] = await Promise.all([
    balanceSummary(ctx, memberId),
    memberPaymentLines(ctx.db, memberId, LATEST_SHOWN),
    // Points are not money: they have their own records.
    memberAccounts(ctx.db, memberId, ["points"]),
  ]);
  const kindOf = new Map(accounts.map((a) => [a.id, a.kind]));
  const entries = accounts.length
    ? await entriesPage(ctx.db, { accountIds: [...kindOf.keys()], limit: LEDGER_SHOWN, offset: 0 })
    : { rows: [] };
  return {
    currencySymbol: balance.currencySymbol,
    sumBalance: balance.sumBalance,
    main: balance.main,
    bonus: balance.bonus,
    held: balance.held,
    deposits: payments.deposits,
    withdrawals: payments.withdrawals,
    ledger: entries.rows.map((e) => ({
      id: e.id,
      account: kindOf.get(e.accountId) ?? "",
      type: e.type,
      amount: formatMinor(e.amount),
      balanceAfter: e.balanceAfter === null ? null : formatMinor(e.balanceAfter),
      createdAt: e.createdAt.toISOString(),
    })),
  };
}

async function roundsPart(ctx: AppContext, memberId: number): Promise<ChatMemberPanel["rounds"]> {
  const now = ctx.clock.now();
  const record = await bettingRecord(
    ctx,
    memberId,
    {
      startDate: manilaDay(new Date(now.getTime() - ROUNDS_DAYS * 86_400_000)),
      endDate: manilaDay(now),
      page: 1,
      pageSize: LATEST_SHOWN,
    },
    "EN",
  );
  return record.items.map((r) => ({
    game: r.gameName ?? r.vendorName,
    roundId: r.roundId,
    bet: r.bet,
    net: r.net,
    at: r.time,
  }));
}
