import { linkProblem } from "@panalo/contracts/links";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type {
  ActivityStatus,
  AdminPromotionInput,
  Audience,
  Participation,
  PromotionAction,
  PromotionApplyRequest,
  PromotionCard,
  PromotionDetail,
  PromotionType,
} from "@panalo/contracts/promotions";
import type { Executor, Tx } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { memberGate } from "../../lib/member-gates.ts";
import { requireOwnUpload } from "../../lib/member-uploads.ts";
import { type Lang, messageFor } from "../../lib/messages.ts";
import { operatorNames } from "../admin/service.ts";
import { cleanTexts, linksIn, pick, plainTexts } from "../content/service.ts";
import { memberRecord, memberUsernames } from "../members/service.ts";
import { offerReward } from "../rewards/service.ts";
import * as repo from "./repo.ts";

/** spec §4 isAgent: 0 member; 1, 2, 41, 42 agents; 4 trial (play money only). */
const TRIAL = 4;

export interface Promotion {
  id: number;
  type: PromotionType;
  title: Record<string, string>;
  bannerUrl: string | null;
  body: Record<string, string>;
  audience: Audience;
  newWithinDays: number | null;
  vipLevels: number[];
  agentIds: number[];
  participation: Participation;
  rewardKind: "none" | "cash" | "bonus";
  rewardAmount: bigint;
  bonusRuleId: number | null;
  currency: string;
  startsAt: Date | null;
  endsAt: Date | null;
  sortOrder: number;
  enabled: boolean;
  version: number;
  updatedAt: Date;
}

export type EntryState = "joined" | "applying" | "approved" | "rejected" | "claimed";
export interface Entry {
  id: number;
  promotionId: number;
  memberId: number;
  state: EntryState;
  remark: string | null;
  images: string[];
  reason: string | null;
  rewardId: number | null;
}

/** A timestamp as either driver answers it (a Date, or PostgreSQL's text form). */
export function asDate(v: unknown): Date | null {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v;
  const s = String(v)
    .replace(" ", "T")
    .replace(/([+-]\d\d)$/, "$1:00");
  return new Date(s);
}

export function promoOf(r: repo.PromoRow): Promotion {
  return {
    id: Number(r.id),
    type: r.type as PromotionType,
    title: r.title as Record<string, string>,
    bannerUrl: (r.banner_url as string | null) ?? null,
    body: r.body as Record<string, string>,
    audience: r.audience as Audience,
    newWithinDays: r.new_within_days === null ? null : Number(r.new_within_days),
    vipLevels: (r.vip_levels as number[]) ?? [],
    agentIds: (r.agent_ids as number[]) ?? [],
    participation: r.participation as Participation,
    rewardKind: r.reward_kind as Promotion["rewardKind"],
    rewardAmount: BigInt(r.reward_amount as string),
    bonusRuleId: r.bonus_rule_id === null ? null : Number(r.bonus_rule_id),
    currency: r.currency as string,
    startsAt: asDate(r.starts_at),
    endsAt: asDate(r.ends_at),
    sortOrder: Number(r.sort_order),
    enabled: Boolean(r.enabled),
    version: Number(r.version),
    updatedAt: asDate(r.updated_at) ?? new Date(0),
  };
}

export async function getPromotion(exec: Executor, id: number): Promise<Promotion | undefined> {
  const r = await repo.promotionRow(exec, id);
  return r ? promoOf(r) : undefined;
}

export async function listPromotions(exec: Executor): Promise<Promotion[]> {
  const rows = await repo.promotionRows(exec);
  return rows.map(promoOf);
}

/** How long a promotion that has ended stays on /promotions (status "close"). */
const CLOSED_SHOWN_DAYS = 14;

/** The promotions a player may see: enabled, not ended more than CLOSED_SHOWN_DAYS ago. */
async function visiblePromotions(exec: Executor, now: Date, type?: PromotionType): Promise<Promotion[]> {
  const since = new Date(now.getTime() - CLOSED_SHOWN_DAYS * 86_400_000);
  const rows = await repo.shownPromotionRows(exec, since, type);
  return rows.map(promoOf);
}

function entryOf(r: Record<string, unknown>): Entry {
  return {
    id: Number(r.id),
    promotionId: Number(r.promotion_id),
    memberId: Number(r.member_id),
    state: r.state as EntryState,
    remark: (r.remark as string | null) ?? null,
    images: (r.images as string[]) ?? [],
    reason: (r.reason as string | null) ?? null,
    rewardId: r.reward_id === null || r.reward_id === undefined ? null : Number(r.reward_id),
  };
}

async function entriesOf(
  exec: Executor,
  memberId: number,
  promotionIds: number[],
): Promise<Map<number, Entry>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await repo.entryRows(exec, memberId, promotionIds);
  return new Map(rows.map((r) => [Number(r.promotion_id), entryOf(r)]));
}

// ---------- eligibility ----------

export type Eligibility = { ok: true } | { ok: false; code: string };

/**
 * The ONE place that decides whether a member may take part in a promotion.
 * Every path that offers a promotion's reward (join, claim, apply, an operator's approval, an
 * automatic promotion) asks it, inside the transaction that writes the entry:
 *  - an agent (isAgent 1, 2, 41, 42) is never offered a promotion: PROMO_NOT_FOR_AGENTS;
 *  - a trial account (isAgent 4) neither: PROMO_NOT_FOR_TRIAL;
 *  - a member who is not active (locked, closed): PROMO_NOT_ELIGIBLE;
 *  - a member the responsible-gaming gate "bonus" holds back (self-exclusion, cooling-off),
 *    checked before the audience: PROMO_SELF_EXCLUDED;
 *  - the audience: everyone; new members (registered within newWithinDays of `now`); VIP
 *    levels (promotions count every member as level 0, so a promotion for level 0 reaches
 *    everyone and one for higher levels no one); agents' teams (a member
 *    below one of agentIds in member_tree, the agent itself excluded).
 */
export async function promotionEligibility(
  exec: Executor,
  promo: Pick<Promotion, "audience" | "newWithinDays" | "vipLevels" | "agentIds">,
  memberId: number,
  now: Date,
): Promise<Eligibility> {
  const m = await memberFacts(exec, memberId, now);
  return m ? eligibilityOf(exec, promo, m, now) : { ok: false, code: "PROMO_NOT_ELIGIBLE" };
}

interface MemberFacts {
  id: number;
  isAgent: number;
  status: string;
  createdAt: Date;
  /** The member gate "bonus" (self-exclusion, cooling-off): its refusal, or null. */
  bonusGate: string | null;
}

async function memberFacts(exec: Executor, memberId: number, now: Date): Promise<MemberFacts | null> {
  const m = await memberRecord(exec, memberId);
  return m
    ? {
        id: memberId,
        isAgent: Number(m.isAgent),
        status: m.status,
        createdAt: asDate(m.createdAt) ?? new Date(0),
        bonusGate: await memberGate(exec, memberId, "bonus", now),
      }
    : null;
}

/** promotionEligibility's rules for a member already read (a list reads the member once). */
async function eligibilityOf(
  exec: Executor,
  promo: Pick<Promotion, "audience" | "newWithinDays" | "vipLevels" | "agentIds">,
  m: MemberFacts,
  now: Date,
): Promise<Eligibility> {
  if (m.isAgent === TRIAL) return { ok: false, code: "PROMO_NOT_FOR_TRIAL" };
  if (m.isAgent !== 0) return { ok: false, code: "PROMO_NOT_FOR_AGENTS" };
  if (m.status !== "active") return { ok: false, code: "PROMO_NOT_ELIGIBLE" };
  // A self-excluded or cooling-off member (the member gate "bonus") is offered nothing.
  if (m.bonusGate) return { ok: false, code: "PROMO_SELF_EXCLUDED" };
  switch (promo.audience) {
    case "everyone":
      return { ok: true };
    case "new": {
      const since = now.getTime() - (promo.newWithinDays ?? 0) * 86_400_000;
      return m.createdAt.getTime() >= since ? { ok: true } : { ok: false, code: "PROMO_AUDIENCE" };
    }
    case "vip":
      // Promotions count every member as level 0.
      return promo.vipLevels.includes(0) ? { ok: true } : { ok: false, code: "PROMO_AUDIENCE" };
    case "team": {
      if (promo.agentIds.length === 0) return { ok: false, code: "PROMO_AUDIENCE" };
      return (await repo.isUnderAgents(exec, m.id, promo.agentIds))
        ? { ok: true }
        : { ok: false, code: "PROMO_AUDIENCE" };
    }
  }
}

// ---------- statuses ----------

export function isOpen(p: Pick<Promotion, "startsAt" | "endsAt">, now: Date): boolean {
  return (!p.startsAt || p.startsAt <= now) && (!p.endsAt || p.endsAt > now);
}

/**
 * spec §4 activity statuses. An entry speaks first (joined, applying, issued — approved or a
 * reward offered —, rejected, claimed); then the period (coming soon, close); then what the
 * promotion asks of a member who may take part (join, claim, apply shows "join", automatic
 * shows "process").
 */
export function statusOf(
  p: Pick<Promotion, "startsAt" | "endsAt" | "participation">,
  entry: Pick<Entry, "state" | "rewardId"> | undefined,
  eligible: boolean | null,
  now: Date,
): { status: ActivityStatus; action: PromotionAction } {
  if (entry) {
    const status: ActivityStatus =
      entry.state === "applying"
        ? "applying"
        : entry.state === "approved"
          ? "issued"
          : entry.state === "rejected"
            ? "rejected"
            : entry.state === "claimed"
              ? "claimed"
              : entry.rewardId !== null
                ? "issued"
                : "joined";
    return { status, action: "none" };
  }
  if (p.startsAt && p.startsAt > now) return { status: "coming soon", action: "none" };
  if (p.endsAt && p.endsAt <= now) return { status: "close", action: "none" };
  if (eligible === false) return { status: "close", action: "none" };
  switch (p.participation) {
    case "join":
      return { status: "join", action: "join" };
    case "claim":
      return { status: "claim", action: "claim" };
    case "apply":
      return { status: "join", action: "apply" };
    case "automatic":
      return { status: "process", action: "none" };
  }
}

function card(
  p: Promotion,
  lang: Lang,
  s: { status: ActivityStatus; action: PromotionAction },
): PromotionCard {
  return {
    id: p.id,
    type: p.type,
    title: pick(p.title, lang),
    bannerUrl: p.bannerUrl,
    startsAt: p.startsAt?.toISOString() ?? null,
    endsAt: p.endsAt?.toISOString() ?? null,
    participation: p.participation,
    rewardAmount: p.rewardKind === "none" ? null : formatMinor(p.rewardAmount),
    rewardKind: p.rewardKind,
    status: s.status,
    action: s.action,
  };
}

/** Eligibility of one member for many promotions (the member row is read once per promotion). */
async function eligibilityMap(
  exec: Executor,
  promos: Promotion[],
  memberId: number,
  now: Date,
): Promise<Map<number, Eligibility>> {
  const out = new Map<number, Eligibility>();
  const m = await memberFacts(exec, memberId, now);
  for (const p of promos) {
    out.set(p.id, m ? await eligibilityOf(exec, p, m, now) : { ok: false, code: "PROMO_NOT_ELIGIBLE" });
  }
  return out;
}

/**
 * An automatic promotion needs no action: an eligible member takes part when the promotion is
 * shown to them while it runs (listing or detail), and its reward, if any, is offered then —
 * once, the entry's unique key and the reward's source key making a repeat a no-op.
 */
async function joinAutomatic(
  ctx: AppContext,
  promos: Promotion[],
  memberId: number,
  now: Date,
  entries: Map<number, Entry>,
  elig: Map<number, Eligibility>,
): Promise<boolean> {
  let joined = false;
  for (const p of promos) {
    if (p.participation !== "automatic" || !isOpen(p, now) || entries.has(p.id) || !elig.get(p.id)?.ok)
      continue;
    try {
      await takePart(ctx, p.id, memberId, "automatic");
      joined = true;
    } catch (err) {
      // Taken by a concurrent view, or the member changed since: the entries read next tell.
      if (!(err instanceof AppError)) throw err;
      joined = true;
    }
  }
  return joined;
}

/** GET /wps/promotions: the list with the member's status on each (a guest sees the promotion's own). */
export async function promotionCards(
  ctx: AppContext,
  memberId: number | null,
  lang: Lang,
  type?: PromotionType,
): Promise<PromotionCard[]> {
  const now = ctx.clock.now();
  const promos = await visiblePromotions(ctx.db, now, type);
  if (memberId === null) return promos.map((p) => card(p, lang, statusOf(p, undefined, null, now)));
  const ids = promos.map((p) => p.id);
  let entries = await entriesOf(ctx.db, memberId, ids);
  const elig = await eligibilityMap(ctx.db, promos, memberId, now);
  if (await joinAutomatic(ctx, promos, memberId, now, entries, elig))
    entries = await entriesOf(ctx.db, memberId, ids);
  return promos.map((p) => card(p, lang, statusOf(p, entries.get(p.id), elig.get(p.id)?.ok ?? false, now)));
}

/** spec §3 "available promo count": running promotions the member may still join, apply to or claim. */
export async function availableCount(ctx: AppContext, memberId: number): Promise<number> {
  const cards = await promotionCards(ctx, memberId, "EN");
  return cards.filter((c) => c.action !== "none").length;
}

/** GET /wps/promotions/:id */
export async function promotionDetail(
  ctx: AppContext,
  id: number,
  memberId: number | null,
  lang: Lang,
): Promise<PromotionDetail> {
  const now = ctx.clock.now();
  const p = await getPromotion(ctx.db, id);
  if (!p?.enabled) throw Errors.notFoundCode("PROMO_NOT_FOUND");
  if (memberId === null) {
    return {
      ...card(p, lang, statusOf(p, undefined, null, now)),
      body: pick(p.body, lang),
      notEligible: null,
      application: null,
    };
  }
  let entries = await entriesOf(ctx.db, memberId, [id]);
  const elig = await promotionEligibility(ctx.db, p, memberId, now);
  if (await joinAutomatic(ctx, [p], memberId, now, entries, new Map([[id, elig]]))) {
    entries = await entriesOf(ctx.db, memberId, [id]);
  }
  const entry = entries.get(id);
  return {
    ...card(p, lang, statusOf(p, entry, elig.ok, now)),
    body: pick(p.body, lang),
    notEligible: !entry && !elig.ok ? messageFor(elig.code, lang) : null,
    application:
      entry && (entry.state === "applying" || entry.state === "approved" || entry.state === "rejected")
        ? { remark: entry.remark, images: entry.images, reason: entry.reason }
        : null,
  };
}

// ---------- taking part ----------

export type PartAction = "join" | "claim" | "apply" | "automatic";

const STATE_FOR: Record<PartAction, EntryState> = {
  join: "joined",
  automatic: "joined",
  claim: "claimed",
  apply: "applying",
};

/**
 * A member joins, claims, applies to (or automatically takes part in) a promotion. One
 * transaction: the promotion must run and ask for this action, the member must be eligible
 * (promotionEligibility), and the entry's unique (promotion, member) key makes a repeated or
 * concurrent call take part once — the losers get PROMO_ALREADY_TAKEN. Joining, claiming and
 * an automatic promotion offer the reward at once; an application waits for the operator.
 */
export async function takePart(
  ctx: AppContext,
  promotionId: number,
  memberId: number,
  action: PartAction,
  application?: PromotionApplyRequest,
): Promise<{ status: ActivityStatus; rewardId: number | null }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const p = await getPromotion(tx, promotionId);
    if (!p?.enabled) throw Errors.notFoundCode("PROMO_NOT_FOUND");
    if (!isOpen(p, now)) throw Errors.conflict("PROMO_NOT_OPEN");
    if (p.participation !== action) throw Errors.conflict("PROMO_ACTION_NOT_ALLOWED");
    const elig = await promotionEligibility(tx, p, memberId, now);
    if (!elig.ok) throw Errors.forbiddenCode(elig.code);
    let images: string[] = [];
    let remark: string | null = null;
    if (action === "apply") {
      if (!application) throw Errors.bad("PROMO_ACTION_NOT_ALLOWED");
      images = application.images;
      if (new Set(images).size !== images.length) {
        throw Errors.validation([{ path: "images", message: "images_repeated" }]);
      }
      for (const [i, url] of images.entries()) await requireOwnUpload(tx, memberId, url, `images.${i}`);
      remark = application.remark || null;
    }
    const inserted = await repo.insertEntry(tx, {
      promotionId,
      memberId,
      state: STATE_FOR[action],
      remark,
      images,
    });
    if (!inserted) throw Errors.conflict("PROMO_ALREADY_TAKEN");
    const entryId = Number(inserted.id);
    let rewardId: number | null = null;
    if (action !== "apply") rewardId = await offerFor(tx, p, entryId, memberId);
    const entry = { state: STATE_FOR[action], rewardId };
    return { status: statusOf(p, entry, true, now).status, rewardId };
  });
}

/**
 * Offer the promotion's reward to the member through the reward centre (seam: offerReward),
 * once per (promotion, member). No reward: nothing is offered. A bonus reward is offered only
 * with a bonus rule id (the table's check holds it too); the reward centre pays it.
 */
async function offerFor(tx: Tx, p: Promotion, entryId: number, memberId: number): Promise<number | null> {
  if (p.rewardKind === "none" || p.rewardAmount <= 0n) return null;
  if (p.rewardKind === "bonus" && p.bonusRuleId === null) return null;
  const offer = await offerReward(tx, {
    memberId,
    sourceKind: "promotion",
    sourceKey: `promotion:${p.id}:member:${memberId}`,
    title: p.title,
    payout: p.rewardKind,
    ledgerType: "promotion_reward",
    amountMinor: p.rewardAmount,
    currency: p.currency,
    bonusRuleId: p.rewardKind === "bonus" ? p.bonusRuleId : null,
    expiresAt: null,
  });
  await repo.setEntryReward(tx, entryId, offer.id);
  return offer.id;
}

// ---------- the operator's review ----------

/**
 * Approve or reject an application. The entry row is locked; only an application still waiting
 * may be decided (a second decision gets APPLICATION_NOT_PENDING), so an approval offers the
 * reward once. Approval asks promotionEligibility again: a member who became an agent or is
 * excluded since applying is refused (the operator rejects instead).
 */
export async function reviewApplication(
  tx: Tx,
  now: Date,
  entryId: number,
  operatorId: number,
  decision: { approve: true } | { approve: false; reason: string },
): Promise<{ before: Entry; after: Entry }> {
  const row = await repo.lockEntry(tx, entryId);
  if (!row) throw Errors.notFoundCode("APPLICATION_NOT_FOUND");
  const before = entryOf(row);
  if (before.state !== "applying") throw Errors.conflict("APPLICATION_NOT_PENDING");
  const p = await getPromotion(tx, before.promotionId);
  if (!p) throw Errors.notFoundCode("PROMO_NOT_FOUND");
  let rewardId: number | null = null;
  if (decision.approve) {
    const elig = await promotionEligibility(tx, p, before.memberId, now);
    if (!elig.ok) throw Errors.conflict(elig.code);
    rewardId = await offerFor(tx, p, entryId, before.memberId);
  }
  const state: EntryState = decision.approve ? "approved" : "rejected";
  const reason = decision.approve ? null : decision.reason;
  await repo.decideEntry(tx, entryId, { state, reason, operatorId, now });
  return { before, after: { ...before, state, reason, rewardId } };
}

export function displayAmount(minor: bigint): string {
  return formatMinor(minor);
}

// ---------- back office: the editor ----------

/** Check what the schema alone cannot, and clean the texts (as notices: in-site links only). */
export function promotionColumns(i: AdminPromotionInput): repo.PromotionColumns {
  for (const [lang, html] of Object.entries(i.body)) {
    for (const href of linksIn(html ?? "")) {
      const problem = linkProblem(href, false);
      if (problem) throw Errors.validation([{ path: `body.${lang}`, message: problem }]);
    }
  }
  const amount = parseMoney(i.rewardAmount) ?? 0n;
  const refuse = (path: string, message: string) => {
    throw Errors.validation([{ path, message }]);
  };
  if (i.rewardKind !== "none" && amount <= 0n) refuse("rewardAmount", "reward_amount_needed");
  if (i.rewardKind === "bonus" && i.bonusRuleId === null) refuse("bonusRuleId", "bonus_rule_needed");
  if (i.audience === "new" && i.newWithinDays === null) refuse("newWithinDays", "new_days_needed");
  if (i.audience === "team" && i.agentIds.length === 0) refuse("agentIds", "agents_needed");
  if (i.audience === "vip" && i.vipLevels.length === 0) refuse("vipLevels", "vip_levels_needed");
  if (i.startsAt && i.endsAt && new Date(i.startsAt) >= new Date(i.endsAt)) refuse("endsAt", "window_order");
  return {
    type: i.type,
    title: JSON.stringify(plainTexts(i.title)),
    bannerUrl: i.bannerUrl || null,
    body: JSON.stringify(cleanTexts(i.body)),
    audience: i.audience,
    newWithinDays: i.audience === "new" ? i.newWithinDays : null,
    vipLevels: i.vipLevels,
    agentIds: i.agentIds,
    participation: i.participation,
    rewardKind: i.rewardKind,
    rewardAmount: i.rewardKind === "none" ? 0n : amount,
    bonusRuleId: i.rewardKind === "bonus" ? i.bonusRuleId : null,
    startsAt: i.startsAt ? new Date(i.startsAt) : null,
    endsAt: i.endsAt ? new Date(i.endsAt) : null,
    sortOrder: i.sortOrder,
    enabled: i.enabled,
  };
}

export async function createPromotion(exec: Executor, i: AdminPromotionInput): Promise<Promotion> {
  const id = await repo.insertPromotion(exec, promotionColumns(i));
  if (id === undefined) throw Errors.internal();
  return mustGet(exec, id);
}

/** Replace a promotion at `version`; undefined when someone saved it first (or it is gone). */
export async function updatePromotion(
  exec: Executor,
  id: number,
  version: number,
  i: AdminPromotionInput,
): Promise<Promotion | undefined> {
  const updated = await repo.updatePromotion(exec, id, version, promotionColumns(i));
  return updated === undefined ? undefined : mustGet(exec, updated);
}

async function mustGet(exec: Executor, id: number): Promise<Promotion> {
  const p = await getPromotion(exec, id);
  if (!p) throw Errors.internal();
  return p;
}

/** A promotion players took part in is kept (hidden by Enabled instead). */
export async function removePromotion(exec: Executor, id: number): Promise<void> {
  if (await repo.hasEntries(exec, id)) throw Errors.conflict("PROMO_HAS_ENTRIES");
  await repo.deletePromotion(exec, id);
}

// ---------- back office: the application review queue ----------

/** One page of applications, with the member's username and the reviewer's name. */
export async function applicationsPage(
  exec: Executor,
  q: { state: string; promotionId?: number; offset: number; limit: number },
) {
  const { rows, total } = await repo.applicationsPage(exec, q);
  const [usernames, reviewers] = await Promise.all([
    memberUsernames(
      exec,
      rows.map((r) => Number(r.member_id)),
    ),
    operatorNames(
      exec,
      rows.flatMap((r) => (r.reviewed_by === null ? [] : [Number(r.reviewed_by)])),
    ),
  ]);
  // Every entry has its member (a foreign key); one missing is left out, as a join would.
  const list = rows.flatMap((r) => {
    const username = usernames.get(Number(r.member_id));
    if (username === undefined) return [];
    const reviewer = r.reviewed_by === null ? null : (reviewers.get(Number(r.reviewed_by)) ?? null);
    return [{ ...r, username, reviewer }];
  });
  return { rows: list, total };
}

/** Whether an application names the member upload at `url` (only those are shown to reviewers). */
export function applicationNamesImage(exec: Executor, url: string): Promise<boolean> {
  return repo.applicationNamesImage(exec, url);
}

/** The report per promotion: ids above `after`, ascending, at most `limit`. */
export function promotionReportRows(exec: Executor, after: number, limit: number) {
  return repo.reportRows(exec, after, limit);
}
