import { formatMinor } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { postManyIn } from "../ledger/service.ts";
import { addDays, manilaDay, manilaStart } from "../reports/service.ts";
import { REWARDS_HOUSE } from "./pay.ts";
import {
  activeRateRows,
  finishedRebateRun,
  finishRebateRun,
  insertRebateLines,
  insertRebatePayouts,
  lockUnpaidPayouts,
  offerPayoutsAsRewards,
  rebateDayTotals,
  rebateRunMode,
  rebateSettingsRow,
  setPayoutTransactions,
  startRebateRun,
  tuneForDayRead,
} from "./repo/rebate.ts";
import { validBets } from "./valid-bets.ts";

/**
 * Rebates. A closed Manila day's valid bets (rewards/valid-bets.ts: the
 * agents' definition, a round counting on the day it settled) per member and game category
 * earn the category's rate (rebate_rates, level 0), or the member's VIP level's rebate rate
 * (vip_levels.rebate_rate_ppm, the level the member holds when the day is computed)
 * wherever that is higher — on every category, the category's minimum and cap still apply. The day is
 * computed once into rebate_lines (unique member × day × category), summed into one
 * rebate_payouts row per member and day, then
 *   auto:   paid straight to the main wallet, ledger key rebate:<member>:<day>;
 *   manual: offered as a reward rebate:<member>:<day> the player claims on manualRebate.
 * Every step is keyed, so two schedulers, a retry or an operator's re-run pay each once.
 * Agents and trial, locked or closed accounts earn nothing.
 */
export const BATCH = 2000;

/** Each member's own rebate rate (ppm) where it is higher than nothing: the VIP level's, from loyalty. */
export type MemberRebateRates = (exec: Executor) => Promise<Map<number, number>>;
let memberRebateRates: MemberRebateRates = async () => new Map();
/**
 * The VIP levels live in loyalty, which registers their rebate rates here when it loads (the
 * app loads it), so rewards never imports loyalty: loyalty uses rewards (the mall pays rewards
 * and raffle tickets), not the other way round.
 */
export function registerMemberRebateRates(source: MemberRebateRates): void {
  memberRebateRates = source;
}
export const PPM = 1_000_000n;

/** rate_ppm (hundredths of a basis point) of a percentage text "0.35" → 3500. */
export function ppmOfPercent(text: string): number {
  const [whole = "0", frac = ""] = text.split(".");
  return Number(whole) * 10_000 + Number(frac.padEnd(4, "0").slice(0, 4));
}
export const percentOfPpm = (ppm: number) => {
  const whole = Math.floor(ppm / 10_000);
  const frac = String(ppm % 10_000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : String(whole);
};

/** The rebate of a valid bet at a rate: floored to the centavo, capped, nothing below the minimum. */
export function rebateOf(
  validBet: bigint,
  ratePpm: number,
  minPayout: bigint,
  maxPayout: bigint | null,
): bigint {
  if (validBet <= 0n || ratePpm <= 0) return 0n;
  let amount = (validBet * BigInt(ratePpm)) / PPM;
  if (maxPayout !== null && amount > maxPayout) amount = maxPayout;
  return amount >= minPayout ? amount : 0n;
}

const TITLES = (day: string): Record<string, string> => ({
  EN: `Rebate for ${day}`,
  TY: `Rebate para sa ${day}`,
  CN: `${day} 返水`,
  VI: `Hoàn trả ngày ${day}`,
  TH: `เงินคืน ${day}`,
  ID: `Rabat ${day}`,
  JA: `${day} のリベート`,
});

export interface RebateRunResult {
  day: string;
  mode: "auto" | "manual";
  lines: number;
  members: number;
  paidMinor: string;
  /** Milliseconds spent reading valid bets, writing lines and payouts, and paying. */
  timings: { validBetsMs: number; linesMs: number; payMs: number };
}

export async function rebateSettings(exec: Executor) {
  const s = await rebateSettingsRow(exec);
  return { mode: s?.mode ?? "manual", claimDays: s?.claim_days ?? 7 };
}

export interface RateRow {
  gameType: string;
  vipLevel: number;
  ratePpm: number;
  minPayout: bigint;
  maxPayout: bigint | null;
}
export async function activeRates(exec: Executor): Promise<RateRow[]> {
  const rows = await activeRateRows(exec);
  return rows.map((r) => ({
    gameType: r.game_type,
    vipLevel: r.vip_level,
    ratePpm: r.rate_ppm,
    minPayout: BigInt(r.min_payout),
    maxPayout: r.max_payout === null ? null : BigInt(r.max_payout),
  }));
}

/**
 * The rate a member earns on a category: the category's, raised to the member's VIP rebate
 * rate when that is higher (a category without its own rate earns the VIP rate, no minimum, no cap).
 */
export function effectiveRate(
  category: RateRow | undefined,
  vipRatePpm: number | undefined,
): Pick<RateRow, "ratePpm" | "minPayout" | "maxPayout"> | undefined {
  if (!vipRatePpm || (category && category.ratePpm >= vipRatePpm)) return category;
  return {
    ratePpm: vipRatePpm,
    minPayout: category?.minPayout ?? 0n,
    maxPayout: category?.maxPayout ?? null,
  };
}

/** Compute and pay one closed Manila day ("2026-11-23"). Safe to run again, anywhere, at once. */
export async function runRebateDay(ctx: AppContext, day: string): Promise<RebateRunResult> {
  const settings = await rebateSettings(ctx.db);
  // A day that is done never changes (a round settled later counts on its own day): a re-run
  // answers the day's figures without reading the rounds again.
  const finished = await finishedRebateRun(ctx.db, day);
  if (finished) {
    return {
      day,
      mode: finished.mode,
      lines: finished.lines,
      members: finished.members,
      paidMinor: formatMinor(BigInt(finished.paid)),
      timings: { validBetsMs: 0, linesMs: 0, payMs: 0 },
    };
  }
  const t0 = performance.now();
  await startRebateRun(ctx.db, day, settings.mode);
  // The mode of the day is the one its run started with (a retry keeps it).
  const mode = (await rebateRunMode(ctx.db, day)) ?? settings.mode;
  const from = manilaStart(day);
  const to = manilaStart(addDays(day, 1));

  // 1. Lines: valid bets × rate, per member and category (kept once by the primary key).
  const rates = new Map((await activeRates(ctx.db)).map((r) => [r.gameType, r]));
  const vipRates = await memberRebateRates(ctx.db);
  const lines = [];
  // The day's rows (from the agents' hourly rollup once it covers the day, else the records)
  // grouped in memory rather than sorted on disk at the default 4 MB, without JIT compilation.
  const bets = await ctx.db.transaction(async (tx) => {
    await tuneForDayRead(tx);
    return validBets(tx, from, to);
  });
  const t1 = performance.now();
  for (const v of bets) {
    const rate = effectiveRate(rates.get(v.gameType), vipRates.get(v.memberId));
    if (!rate) continue;
    const amount = rebateOf(v.validBet, rate.ratePpm, rate.minPayout, rate.maxPayout);
    if (amount > 0n) lines.push({ ...v, ratePpm: rate.ratePpm, amount });
  }
  for (let i = 0; i < lines.length; i += BATCH) {
    const chunk = lines.slice(i, i + BATCH).map((l) => ({
      m: l.memberId,
      g: l.gameType,
      c: l.currency,
      v: l.validBet.toString(),
      r: l.ratePpm,
      a: l.amount.toString(),
    }));
    await insertRebateLines(ctx.db, day, JSON.stringify(chunk));
  }

  // 2. One payout per member and day, from the lines (whoever inserts first owns it).
  await insertRebatePayouts(ctx.db, day, mode);

  const t2 = performance.now();
  // 3. Pay what is not paid yet, a batch per transaction (SKIP LOCKED: a second scheduler takes
  //    other batches or none; the keys make a replay harmless anyway).
  const expiresAt = new Date(to.getTime() + settings.claimDays * 86_400_000);
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const due = await lockUnpaidPayouts(tx, day, BATCH);
      if (due.length === 0) return true;
      if (mode === "auto") {
        const posted = await postManyIn(
          tx,
          due.map((d) => ({
            idempotencyKey: `rebate:${d.member_id}:${day}`,
            type: "rebate",
            reference: `rebate:${day}`,
            memberId: Number(d.member_id),
            legs: [
              { account: { house: REWARDS_HOUSE, currency: d.currency }, amount: -BigInt(d.amount) },
              {
                account: { member: Number(d.member_id), kind: "main" as const, currency: d.currency },
                amount: BigInt(d.amount),
              },
            ],
          })),
        );
        const set = due.map((d, i) => ({ m: Number(d.member_id), t: posted[i]?.transactionId }));
        await setPayoutTransactions(tx, day, JSON.stringify(set));
      } else {
        // The reward centre's offer (rewards/offer.ts), in bulk: same columns, same unique key.
        await offerPayoutsAsRewards(tx, day, JSON.stringify(TITLES(day)), expiresAt, JSON.stringify(due));
      }
      return false;
    });
    if (done) break;
  }

  const t3 = performance.now();
  const sum = await rebateDayTotals(ctx.db, day);
  await finishRebateRun(ctx.db, day, {
    members: Number(sum?.members ?? 0),
    lines: Number(sum?.lines ?? 0),
    paid: sum?.paid ?? "0",
    at: ctx.clock.now(),
  });
  return {
    day,
    mode,
    lines: Number(sum?.lines ?? 0),
    members: Number(sum?.members ?? 0),
    paidMinor: formatMinor(BigInt(sum?.paid ?? "0")),
    timings: { validBetsMs: Math.round(t1 - t0), linesMs: Math.round(t2 - t1), payMs: Math.round(t3 - t2) },
  };
}

/** The scheduler's job: the Manila day before the run's occurrence. */
export async function rebateJob(ctx: AppContext, scheduledFor: Date): Promise<RebateRunResult> {
  return runRebateDay(ctx, addDays(manilaDay(scheduledFor), -1));
}
