import { z } from "zod";
import { BigId, intInput } from "./input.ts";
import { PositiveAmount } from "./money.ts";

/**
 * Responsible gaming: the member's limits, session limit, reality check, cooling-off and self-exclusion, and the back office's view of a member. Amounts travel
 * as decimal strings ("500.00"); periods are Manila days, weeks (from Monday) and months.
 */
export const RG_LIMIT_KINDS = ["deposit", "loss", "wager"] as const;
export type RgLimitKind = (typeof RG_LIMIT_KINDS)[number];
export const RG_PERIODS = ["day", "week", "month"] as const;
export type RgPeriod = (typeof RG_PERIODS)[number];
/** Cooling-off: 24 hours to 6 weeks, in days. */
export const COOLING_OFF_DAYS = [1, 2, 3, 7, 14, 28, 42] as const;
/** Self-exclusion: 6 months at least, 1 year, 5 years. */
export const SELF_EXCLUSION_MONTHS = [6, 12, 60] as const;
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

/** POST /wps/rg/limit: set (a lower amount applies at once) or ask to raise or remove (amount null). */
export const RgSetLimitRequest = z.strictObject({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_PERIODS),
  amount: PositiveAmount.nullable(),
});
/** POST /wps/rg/limit/confirm and /wps/rg/limit/cancel: a waiting raise or removal. */
export const RgPendingRequest = z.strictObject({
  kind: z.enum(RG_LIMIT_KINDS),
  period: z.enum(RG_PERIODS),
});
/** POST /wps/rg/session: the session limit (null: none) and the reality-check interval (null: default). */
export const RgSessionSettingsRequest = z.strictObject({
  sessionMinutes: intInput(15, 1440).nullable(),
  realityCheckMinutes: intInput(5, 240).nullable(),
});
/** POST /wps/rg/exclude: effective at once, never lifted before its end. */
export const RgExcludeRequest = z.discriminatedUnion("kind", [
  z.strictObject({
    kind: z.literal("cooling_off"),
    days: z.union(COOLING_OFF_DAYS.map((d) => z.literal(d))),
  }),
  z.strictObject({
    kind: z.literal("self_exclusion"),
    months: z.union(SELF_EXCLUSION_MONTHS.map((m) => z.literal(m))),
  }),
]);
export type RgExcludeInput = z.infer<typeof RgExcludeRequest>;

export interface RgLimitView {
  kind: RgLimitKind;
  period: RgPeriod;
  /** The limit in force, or null. */
  amount: string | null;
  /** What the period has used so far (deposits, net loss, stakes). */
  used: string;
  /** A raise or removal waiting (amount null: removal); confirmable once readyAt has passed. */
  pending: { amount: string | null; requestedAt: string; readyAt: string; ready: boolean } | null;
}
export interface RgExclusionView {
  id: number;
  kind: "cooling_off" | "self_exclusion";
  startsAt: string;
  endsAt: string;
  byOperator: boolean;
  reason: string | null;
}
/** GET /wps/rg/state */
export interface RgState {
  currency: string;
  limits: RgLimitView[];
  sessionMinutes: number | null;
  /** A longer session limit or its removal (minutes null) waiting, confirmable once ready. */
  sessionPending: { minutes: number | null; readyAt: string; ready: boolean } | null;
  /** The member's own interval, or null for the operator's default. */
  realityCheckMinutes: number | null;
  realityCheckDefaultMinutes: number;
  /** The exclusion or cooling-off in force, if any. */
  blocked: { kind: "cooling_off" | "self_exclusion"; until: string } | null;
  minimumAge: number;
}
/** GET /wps/rg/session: the current login session, for the reality check. */
export interface RgSession {
  startedAt: string;
  now: string;
  elapsedSeconds: number;
  /** Wins minus stakes since the session started (signed, e.g. "-120.00"). */
  netResult: string;
  wagered: string;
  currency: string;
  realityCheckSeconds: number;
  sessionMinutes: number | null;
  /** Past this moment no game is launched and no bet taken in this session. */
  sessionEndsAt: string | null;
}

export interface RgHistoryItem {
  id: number;
  action: string;
  detail: Record<string, unknown>;
  byOperator: boolean;
  createdAt: string;
}
/** GET /api/admin/rg/members/:id */
export interface AdminRgMember {
  memberId: number;
  username: string;
  state: RgState;
  exclusions: RgExclusionView[];
  history: RgHistoryItem[];
}
/** POST /api/admin/rg/members/:id/exclude: an operator imposes (never lifts early). */
export const AdminRgExcludeRequest = z.strictObject({
  kind: z.enum(["cooling_off", "self_exclusion"]),
  days: intInput(1, 3650),
  reason: z.string().trim().min(3).max(500),
});
export const AdminRgMemberParams = z.object({ id: BigId });
/** GET/PUT /api/admin/rg/settings */
export const AdminRgSettingsRequest = z.strictObject({
  realityCheckDefaultMinutes: intInput(5, 240),
});
export interface AdminRgSettings {
  realityCheckDefaultMinutes: number;
  /** The age rule (brand settings, spec §5): shown here, edited with the brand. */
  minimumAge: number;
}
