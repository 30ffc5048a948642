import { manilaClock, manilaMinute, manilaMoment } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money";
import {
  RG_LIMIT_KINDS,
  RG_PERIODS,
  type RgExcludeInput,
  type RgExclusionView,
  type RgHistoryItem,
  type RgLimitKind,
  type RgLimitView,
  type RgPeriod,
  type RgSession,
  type RgState,
} from "@panalo/contracts/responsible-gaming";
import { z } from "zod";
import type { Executor, Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { readSetting } from "../content/service.ts";
import {
  markResponsibleGamingActive,
  memberCurrency,
  sessionStartedAt,
  signedInSince,
} from "../members/service.ts";
import { addDays, manilaDay, manilaStart } from "../reports/service.ts";
import * as repo from "./repo.ts";
import { type GateRow, lockMember } from "./repo.ts";

/**
 * Responsible gaming: the rules. State lives in rg_member (migration 1020),
 * which provider_move reads and counts in for members with members.rg_active; every change
 * takes the member's advisory lock (bonus_member_lock, the one provider_move takes) so a limit
 * change and a bet of one member are decided one after the other.
 */
export const RAISE_DELAY_MS = 24 * 3_600_000;
const MINUTE_MS = 60_000;

/** Where a Manila day, week (from Monday) or month starts, for the moment `at`. */
export function periodStart(period: RgPeriod, at: Date): Date {
  const day = manilaDay(at);
  if (period === "day") return manilaStart(day);
  if (period === "week") {
    const isoDow = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
    return manilaStart(addDays(day, 1 - isoDow));
  }
  return manilaStart(`${day.slice(0, 8)}01`);
}

/** The Manila date a period's key holds in rg_member (as provider_move writes it). */
function periodKey(period: RgPeriod, at: Date): string {
  return manilaDay(periodStart(period, at));
}

/** The rg_member column of a limit; kind and period come from the contract's enums only. */
function limitColumn(kind: RgLimitKind, period: RgPeriod) {
  if (!RG_LIMIT_KINDS.includes(kind) || !RG_PERIODS.includes(period)) throw new Error("bad limit");
  return repo.limitColumnOf(kind, period);
}

/** The member's row, made on first use; from then on provider_move checks and counts their bets. */
async function ensureRow(tx: Tx, memberId: number, at: Date): Promise<void> {
  await repo.insertMemberRow(tx, memberId, at);
  await markResponsibleGamingActive(tx, memberId);
}

async function history(
  tx: Tx,
  memberId: number,
  action: string,
  detail: Record<string, unknown>,
  at: Date,
  operatorId: number | null,
): Promise<number> {
  return repo.insertHistory(tx, memberId, action, detail, at, operatorId);
}

async function currencyOf(exec: Executor, memberId: number): Promise<string> {
  return (await memberCurrency(exec, memberId)) ?? "PHP";
}

const money = (v: bigint | null) => (v === null ? null : formatMinor(v));
const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(String(v)));

/**
 * Set a limit. A lower one (or a first one) applies at once; a higher one, or a removal
 * (amount null), waits: it may be confirmed by the member 24 hours after the request.
 */
export async function setLimit(
  ctx: AppContext,
  memberId: number,
  kind: RgLimitKind,
  period: RgPeriod,
  amount: bigint | null,
): Promise<"applied" | "pending"> {
  const at = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    await ensureRow(tx, memberId, at);
    const col = limitColumn(kind, period);
    const row = await repo.limitValue(tx, memberId, col);
    const current = big(row?.v);
    if (amount === null && current === null) throw new AppError("RG_NO_LIMIT", 400);
    const ref = `${memberId}:${kind}:${period}:${at.getTime()}`;
    if (amount !== null && (current === null || amount <= current)) {
      await repo.setLimitValue(tx, memberId, col, amount, at);
      await repo.deletePending(tx, memberId, kind, period);
      await history(
        tx,
        memberId,
        "limit.set",
        { kind, period, from: money(current), to: money(amount) },
        at,
        null,
      );
      await emitMemberEvent(tx, {
        kind: "rg.limit-changed",
        memberId,
        ref,
        params: {
          limit: kind,
          period,
          status: "applied",
          amount: amount.toString(),
          currency: await currencyOf(tx, memberId),
        },
      });
      return "applied";
    }
    const readyAt = new Date(at.getTime() + RAISE_DELAY_MS);
    await repo.upsertPending(tx, memberId, kind, period, amount, at, readyAt);
    await history(
      tx,
      memberId,
      amount === null ? "limit.remove-requested" : "limit.raise-requested",
      { kind, period, from: money(current), to: money(amount), readyAt: readyAt.toISOString() },
      at,
      null,
    );
    await emitMemberEvent(tx, {
      kind: "rg.limit-changed",
      memberId,
      ref,
      params: {
        limit: kind,
        period,
        status: "pending",
        amount: amount?.toString() ?? null,
        currency: await currencyOf(tx, memberId),
      },
    });
    return "pending";
  });
}

/** Confirm a waiting raise or removal: only once its 24 hours have passed. */
export async function confirmLimit(ctx: AppContext, memberId: number, kind: RgLimitKind, period: RgPeriod) {
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const p = await repo.pendingForUpdate(tx, memberId, kind, period);
    if (!p) throw new AppError("RG_NO_PENDING", 404);
    const readyAt = new Date(String(p.ready_at instanceof Date ? p.ready_at.toISOString() : p.ready_at));
    if (readyAt.getTime() > at.getTime())
      throw new AppError("RG_NOT_READY", 409, { at: manilaText(readyAt) }, undefined, {
        readyAt: readyAt.toISOString(),
      });
    const col = limitColumn(kind, period);
    const row = await repo.limitValue(tx, memberId, col);
    const amount = big(p.amount);
    await repo.setLimitValue(tx, memberId, col, amount, at);
    await repo.deletePending(tx, memberId, kind, period);
    await history(
      tx,
      memberId,
      "limit.confirmed",
      { kind, period, from: money(big(row?.v)), to: money(amount) },
      at,
      null,
    );
    await emitMemberEvent(tx, {
      kind: "rg.limit-changed",
      memberId,
      ref: `${memberId}:${kind}:${period}:${at.getTime()}`,
      params: {
        limit: kind,
        period,
        status: "confirmed",
        amount: amount?.toString() ?? null,
        currency: await currencyOf(tx, memberId),
      },
    });
  });
}

/** Withdraw a waiting raise or removal (the limit in force stays). */
export async function cancelPending(ctx: AppContext, memberId: number, kind: RgLimitKind, period: RgPeriod) {
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const gone = await repo.deletePendingReturning(tx, memberId, kind, period);
    if (gone.length === 0) throw new AppError("RG_NO_PENDING", 404);
    await history(tx, memberId, "limit.cancelled", { kind, period }, at, null);
  });
}

/**
 * The session limit and the reality-check interval (null: the operator's default). The
 * interval applies at once; the session limit follows the rule of the other limits: shorter
 * (or a first one) at once, longer or removed only when confirmed 24 hours after asking.
 */
export async function setSessionSettings(
  ctx: AppContext,
  memberId: number,
  sessionMinutes: number | null,
  realityCheckMinutes: number | null,
): Promise<"applied" | "pending"> {
  const at = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    await ensureRow(tx, memberId, at);
    const seconds = realityCheckMinutes === null ? null : realityCheckMinutes * 60;
    const row = await repo.sessionMinutesOf(tx, memberId);
    const current = row?.session_minutes ? Number(row.session_minutes) : null;
    const atOnce =
      current === sessionMinutes ||
      (sessionMinutes !== null && (current === null || sessionMinutes < current));
    if (atOnce) {
      await repo.applySession(tx, memberId, sessionMinutes, seconds, at);
    } else {
      await repo.requestSession(
        tx,
        memberId,
        sessionMinutes ?? 0,
        new Date(at.getTime() + RAISE_DELAY_MS),
        seconds,
        at,
      );
    }
    const status = atOnce ? "applied" : "pending";
    await history(
      tx,
      memberId,
      atOnce ? "session.set" : "session.raise-requested",
      { from: current, sessionMinutes, realityCheckMinutes },
      at,
      null,
    );
    await emitMemberEvent(tx, {
      kind: "rg.limit-changed",
      memberId,
      ref: `${memberId}:session:${at.getTime()}`,
      params: { limit: "session", period: null, status, amount: sessionMinutes, currency: null },
    });
    return status;
  });
}

/** Confirm (or, with `cancel`, withdraw) a waiting longer session limit or its removal. */
export async function decideSessionPending(ctx: AppContext, memberId: number, action: "confirm" | "cancel") {
  const at = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const p = await repo.sessionPendingForUpdate(tx, memberId);
    const readyAt = asDate(p?.session_ready_at);
    if (!p || p.session_pending === null || !readyAt) throw new AppError("RG_NO_PENDING", 404);
    if (action === "confirm" && readyAt.getTime() > at.getTime())
      throw new AppError("RG_NOT_READY", 409, { at: manilaText(readyAt) }, undefined, {
        readyAt: readyAt.toISOString(),
      });
    const minutes = Number(p.session_pending) === 0 ? null : Number(p.session_pending);
    if (action === "confirm") await repo.confirmSession(tx, memberId, minutes, at);
    else await repo.cancelSession(tx, memberId, at);
    await history(
      tx,
      memberId,
      action === "confirm" ? "session.confirmed" : "session.cancelled",
      { from: p.session_minutes, to: minutes },
      at,
      null,
    );
    if (action === "confirm")
      await emitMemberEvent(tx, {
        kind: "rg.limit-changed",
        memberId,
        ref: `${memberId}:session:${at.getTime()}`,
        params: { limit: "session", period: null, status: "confirmed", amount: minutes, currency: null },
      });
  });
}

/** `at` plus whole calendar months, on the Manila calendar. */
function addMonths(at: Date, months: number): Date {
  const c = manilaClock(at);
  const ms = at.getTime() % 60_000;
  return new Date(manilaMoment(c.year, c.month - 1 + months, c.day, c.hour, c.minute).getTime() + ms);
}

/**
 * Cooling-off or self-exclusion, effective at once and never shortened: blocked_until only
 * grows. By the member, or imposed by an operator (with a reason).
 */
export async function exclude(
  ctx: AppContext,
  memberId: number,
  input: RgExcludeInput | { kind: "cooling_off" | "self_exclusion"; days: number },
  by: { operatorId: number; reason: string } | null,
): Promise<{ id: number; endsAt: Date }> {
  const at = ctx.clock.now();
  const endsAt =
    "months" in input ? addMonths(at, input.months) : new Date(at.getTime() + input.days * 1440 * MINUTE_MS);
  return ctx.db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    await ensureRow(tx, memberId, at);
    const row = await repo.insertExclusion(
      tx,
      memberId,
      input.kind,
      at,
      endsAt,
      by?.operatorId ?? null,
      by?.reason ?? null,
    );
    const id = Number(row?.id);
    // The longer block wins; a self-exclusion that ends with or after a cooling-off names the kind.
    await repo.extendBlock(tx, memberId, input.kind, endsAt, at);
    await history(
      tx,
      memberId,
      `exclusion.${input.kind}`,
      { endsAt: endsAt.toISOString(), reason: by?.reason ?? null },
      at,
      by?.operatorId ?? null,
    );
    await emitMemberEvent(tx, {
      kind: "rg.excluded",
      memberId,
      ref: `rg-exclusion:${id}`,
      params: { exclusion: input.kind, until: endsAt.toISOString(), byOperator: by ? 1 : 0 },
    });
    return { id, endsAt };
  });
}

/** A moment as the member reads it: Manila time, "2026-05-24 14:05". */
export function manilaText(at: Date): string {
  return `${manilaMinute(at)} (UTC+8)`;
}

const asDate = (v: unknown): Date | null =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));

/** Self-exclusion or cooling-off in force: its refusal, else null. */
function blockOf(r: GateRow | undefined, at: Date): AppError | null {
  const until = asDate(r?.blocked_until);
  if (!r || !until || until.getTime() <= at.getTime()) return null;
  const code = r.blocked_kind === "self_exclusion" ? "RG_SELF_EXCLUDED" : "RG_COOLING_OFF";
  return new AppError(code, 403, {}, undefined, { until: until.toISOString() });
}

/** The member gate checks (lib/member-gates.ts): the refusal code, or null. */
export async function blockedCode(exec: Executor, memberId: number, at: Date): Promise<string | null> {
  return blockOf(await repo.gateRow(exec, memberId), at)?.code ?? null;
}

export async function playCode(exec: Executor, memberId: number, at: Date): Promise<string | null> {
  const r = await repo.gateRow(exec, memberId);
  const blocked = blockOf(r, at);
  if (blocked) return blocked.code;
  if (r?.session_minutes) {
    const since = new Date(at.getTime() - r.session_minutes * MINUTE_MS);
    if (!(await signedInSince(exec, memberId, since))) return "RG_SESSION_LIMIT";
  }
  return null;
}

const DEPOSIT_COUNTED = ["pending", "approved", "awaiting_payment", "paid"];

/**
 * A deposit the member starts must fit every deposit limit of theirs: the deposits of the
 * current Manila period (waiting, credited, or at the gateway) plus this one. Runs in the
 * transaction that records the deposit, under the member's lock when they have a limit, so two
 * deposits started at once are counted one after the other.
 */
export async function checkDepositLimit(tx: Tx, memberId: number, amount: bigint, at: Date): Promise<void> {
  const r = await repo.depositLimits(tx, memberId);
  if (!r || (r.deposit_day === null && r.deposit_week === null && r.deposit_month === null)) return;
  await lockMember(tx, memberId);
  for (const period of RG_PERIODS) {
    const limit = big(r[`deposit_${period}`]);
    if (limit === null) continue;
    const used = await depositsSince(tx, memberId, periodStart(period, at));
    if (used + amount > limit) {
      const left = limit > used ? limit - used : 0n;
      throw new AppError("RG_DEPOSIT_LIMIT", 403, { left: formatMinor(left) }, undefined, {
        period,
        limit: formatMinor(limit),
        left: formatMinor(left),
      });
    }
  }
}

async function depositsSince(exec: Executor, memberId: number, since: Date): Promise<bigint> {
  return repo.depositsTotal(exec, memberId, since, DEPOSIT_COUNTED);
}

const RgSettingsValue = z.object({ realityCheckDefaultMinutes: z.number().int().min(1).max(240) });
export const RG_SETTINGS_KEY = "responsibleGaming";

/** The operator's responsible-gaming settings (settings row `responsibleGaming`). */
export async function rgSettings(exec: Executor): Promise<{ realityCheckDefaultMinutes: number }> {
  const row = await repo.settingValue(exec, RG_SETTINGS_KEY);
  const parsed = RgSettingsValue.safeParse(row?.value);
  return parsed.success ? parsed.data : { realityCheckDefaultMinutes: 60 };
}

export async function saveRgSettings(
  exec: Executor,
  value: { realityCheckDefaultMinutes: number },
): Promise<void> {
  await repo.saveSetting(exec, RG_SETTINGS_KEY, value);
}

type StateRow = Record<string, unknown>;

function sessionPendingOf(r: StateRow | undefined, at: Date): RgState["sessionPending"] {
  const readyAt = asDate(r?.session_ready_at);
  if (!r || r.session_pending === null || r.session_pending === undefined || !readyAt) return null;
  const minutes = Number(r.session_pending);
  return {
    minutes: minutes === 0 ? null : minutes,
    readyAt: readyAt.toISOString(),
    ready: readyAt.getTime() <= at.getTime(),
  };
}

/** The member page's (and the back office's) view of a member's limits and blocks. */
export async function rgState(exec: Executor, memberId: number, at: Date): Promise<RgState> {
  const [r, pending, settings, brand, currency] = await Promise.all([
    repo.stateRow(exec, memberId) as Promise<StateRow | undefined>,
    repo.pendingOf(exec, memberId),
    rgSettings(exec),
    readSetting(exec, "brand"),
    memberCurrency(exec, memberId),
  ]);
  const deposits = await Promise.all(
    RG_PERIODS.map((p) => depositsSince(exec, memberId, periodStart(p, at))),
  );
  const limits: RgLimitView[] = [];
  for (const kind of RG_LIMIT_KINDS) {
    RG_PERIODS.forEach((period, i) => {
      const current = r?.[`${period}_text`] ?? null;
      const fresh = current === periodKey(period, at);
      const counter = kind === "wager" ? `wagered_${period}` : `lost_${period}`;
      const used = kind === "deposit" ? (deposits[i] ?? 0n) : fresh && r ? (big(r[counter]) ?? 0n) : 0n;
      const p = pending.find((x) => x.kind === kind && x.period === period);
      const readyAt = asDate(p?.ready_at);
      limits.push({
        kind,
        period,
        amount: money(big(r?.[`${kind}_${period}`])),
        used: formatMinor(used > 0n ? used : 0n),
        pending:
          p && readyAt
            ? {
                amount: money(big(p.amount)),
                requestedAt: (asDate(p.requested_at) ?? at).toISOString(),
                readyAt: readyAt.toISOString(),
                ready: readyAt.getTime() <= at.getTime(),
              }
            : null,
      });
    });
  }
  const until = asDate(r?.blocked_until);
  const seconds =
    r?.reality_check_seconds === null || r?.reality_check_seconds === undefined
      ? null
      : Number(r.reality_check_seconds);
  return {
    currency: currency ?? "PHP",
    limits,
    sessionMinutes: r?.session_minutes ? Number(r.session_minutes) : null,
    sessionPending: sessionPendingOf(r, at),
    realityCheckMinutes: seconds === null ? null : Math.max(1, Math.round(seconds / 60)),
    realityCheckDefaultMinutes: settings.realityCheckDefaultMinutes,
    blocked:
      until && until.getTime() > at.getTime()
        ? {
            kind: r?.blocked_kind === "self_exclusion" ? "self_exclusion" : "cooling_off",
            until: until.toISOString(),
          }
        : null,
    minimumAge: brand.minimumAge,
  };
}

/**
 * The reality check's figures for the session `token` opened: when it started, how long ago,
 * and the net of the member's stakes, wins and rollbacks in the ledger since then.
 */
export async function sessionInfo(
  exec: Executor,
  memberId: number,
  tokenHashed: string,
  at: Date,
): Promise<RgSession> {
  const [s, r, settings, currency] = await Promise.all([
    sessionStartedAt(exec, memberId, tokenHashed),
    repo.sessionSettingsOf(exec, memberId),
    rgSettings(exec),
    memberCurrency(exec, memberId),
  ]);
  const startedAt = asDate(s) ?? at;
  const t = await repo.sessionNet(exec, memberId, startedAt);
  const sessionMinutes = r?.session_minutes ? Number(r.session_minutes) : null;
  return {
    startedAt: startedAt.toISOString(),
    now: at.toISOString(),
    elapsedSeconds: Math.max(0, Math.floor((at.getTime() - startedAt.getTime()) / 1000)),
    netResult: formatMinor(BigInt(t?.net ?? 0)),
    wagered: formatMinor(BigInt(t?.wagered ?? 0)),
    currency: currency ?? "PHP",
    realityCheckSeconds: r?.reality_check_seconds
      ? Number(r.reality_check_seconds)
      : settings.realityCheckDefaultMinutes * 60,
    sessionMinutes,
    sessionEndsAt: sessionMinutes
      ? new Date(startedAt.getTime() + sessionMinutes * MINUTE_MS).toISOString()
      : null,
  };
}

export async function exclusionsOf(exec: Executor, memberId: number): Promise<RgExclusionView[]> {
  const rows = await repo.exclusionRows(exec, memberId);
  return rows.map((x) => ({
    id: Number(x.id),
    kind: x.kind,
    startsAt: (asDate(x.starts_at) ?? new Date(0)).toISOString(),
    endsAt: (asDate(x.ends_at) ?? new Date(0)).toISOString(),
    byOperator: x.operator_id !== null,
    reason: x.reason,
  }));
}

export async function historyOf(exec: Executor, memberId: number): Promise<RgHistoryItem[]> {
  const rows = await repo.historyRows(exec, memberId);
  return rows.map((x) => ({
    id: Number(x.id),
    action: x.action,
    detail: typeof x.detail === "string" ? JSON.parse(x.detail) : x.detail,
    byOperator: x.operator_id !== null,
    createdAt: (asDate(x.created_at) ?? new Date(0)).toISOString(),
  }));
}
