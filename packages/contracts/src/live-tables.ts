import { z } from "zod";

/** Live tables of the in-house game server: the RGS's table API. */
const Money = z.string().regex(/^\d{1,13}(\.\d{1,2})?$/);
export const TableGame = z.enum(["baccarat", "baccarat_nc", "roulette", "dragon_tiger", "sicbo"]);
export type TableGame = z.infer<typeof TableGame>;

export const TableSessionRequest = z.object({
  token: z.string().min(1).max(512),
  tableId: z.string().min(1).max(64),
  lang: z.enum(["TY", "EN"]).optional(),
});
export const TableBetRequest = z.object({
  sessionId: z.string().uuid(),
  roundId: z.string().uuid(),
  requestId: z.string().min(1).max(64),
  bets: z
    .array(z.object({ spot: z.string().min(1).max(32), amount: Money }))
    .min(1)
    .max(60),
});
export type TableBetRequest = z.infer<typeof TableBetRequest>;
export const TableRoundsQuery = z.object({
  tableId: z.string().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const TableVerifyRequest = z.object({
  game: TableGame,
  seed: z.string().regex(/^[0-9a-f]{64}$/),
});

/** A table round as everyone at the table sees it (the seed only once revealed). */
export interface TableRoundView {
  roundId: string;
  tableId: string;
  roundNo: number;
  status: "betting" | "closed" | "settling" | "settled" | "void";
  seedHash: string;
  seed: string | null;
  opensAt: string;
  closesAt: string;
  outcome: unknown;
}
export interface TableInfo {
  id: string;
  game: TableGame;
  name: { EN: string; TY: string };
  vendor: string;
  bettingMs: number;
  pauseMs: number;
  chips: string[];
  minBet: string;
  maxBet: string;
  limits: Record<string, { min: string; max: string }>;
  /** Opening hours "HH:MM" in Manila; both null: always open. */
  opensAt: string | null;
  closesAt: string | null;
  open: boolean;
  enabled: boolean;
  players: number;
  round: TableRoundView | null;
}

/** spec §7 /wps/relay/GLS2_roomList: the live tables with limits, round state and players. */
export const RoomListRequest = z.object({
  language: z.enum(["TY", "EN", "CN", "VI", "TH", "ID", "JA"]).optional(),
  /** Only rooms of this game (a table game, "fish", "holdem", "tongits"). */
  game: z.string().trim().min(1).max(16).optional(),
  /** Card tables only at this stake: Hold'em's big blind or Tongits' per-point stake ("2.00"). */
  stake: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .optional(),
});
export interface RoomListEntry {
  nodeId: number | null;
  /** A table's id, or a fish room's (`<level>-<no>`). */
  tableId: string;
  game: TableGame | "fish" | "holdem" | "tongits";
  name: string;
  vendor: string;
  chips: string[];
  minBet: string;
  maxBet: string;
  open: boolean;
  players: number;
  bettingMs: number;
  round: { roundNo: number; status: TableRoundView["status"]; closesAt: string } | null;
  /** Fish rooms (docs/fish.md): the stake level, the seats and the seats free. */
  level?: string;
  seats?: number;
  seatsFree?: number;
  /** PVP card tables (docs/cards.md): blinds (Hold'em) or the per-point stake (Tongits), the
   * buy-in range and the seats taken (`seats` is the table's size). */
  smallBlind?: string | null;
  bigBlind?: string | null;
  stake?: string | null;
  minBuyIn?: string;
  maxBuyIn?: string;
  seatsTaken?: number;
}

/** Back office: a table's settings. Amounts as money strings, hours "HH:MM" Manila. */
const Hour = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time of day as HH:MM (00:00–23:59)");
/** A positive amount in pesos with at most two decimals ("10", "10.50"). */
const Amount = z
  .string()
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, "An amount like 10.00 (at most two decimals)")
  .refine((v) => Number(v) > 0, "Must be more than 0.00");
const cents = (v: string) => Math.round(Number(v) * 100);

/**
 * The spot kinds a table's limits may name, per game (a spot's kind: "straight:17" → straight).
 * The game server checks them against the game's maths too.
 */
export const TABLE_LIMIT_KINDS: Record<TableGame, readonly string[]> = {
  baccarat: ["player", "banker", "tie", "player_pair", "banker_pair"],
  baccarat_nc: ["player", "banker", "tie", "player_pair", "banker_pair"],
  dragon_tiger: ["dragon", "tiger", "tie", "suited_tie"],
  roulette: [
    "straight",
    "split",
    "street",
    "trio",
    "corner",
    "first4",
    "six",
    "dozen",
    "column",
    "red",
    "black",
    "odd",
    "even",
    "low",
    "high",
  ],
  sicbo: ["small", "big", "odd", "even", "total", "triple", "any_triple", "double", "combo", "single"],
};

/**
 * A change of a table's settings from the back office (any subset). Cross-field rules carry the
 * field's path so the form shows each message beside its field.
 */
export const AdminTableUpdate = z
  .object({
    id: z.string().min(1).max(64),
    bettingMs: z
      .number({ error: "Enter the betting window in seconds" })
      .int()
      .min(3000, "At least 3 seconds")
      .max(120_000, "At most 120 seconds")
      .optional(),
    pauseMs: z
      .number({ error: "Enter the pause in seconds" })
      .int()
      .min(1000, "At least 1 second")
      .max(60_000, "At most 60 seconds")
      .optional(),
    chips: z.array(Amount).min(1, "At least one chip").max(8, "At most 8 chips").optional(),
    minBet: Amount.optional(),
    maxBet: Amount.optional(),
    limits: z
      .record(z.string().regex(/^[a-z_0-9]{1,32}$/, "A bet kind"), z.object({ min: Amount, max: Amount }))
      .optional(),
    opensAt: Hour.nullable().optional(),
    closesAt: Hour.nullable().optional(),
    enabled: z.boolean().optional(),
  })
  .superRefine((u, ctx) => {
    for (const issue of tableSettingsIssues(u)) ctx.addIssue({ code: "custom", ...issue });
  });

/**
 * The rules between a table's fields (max above min, chips distinct and within the maximum,
 * both opening times or neither), each with its field's path. Amounts that are not amounts
 * are skipped here (their own field says so), so a form can show every problem at once.
 */
export function tableSettingsIssues(u: {
  minBet?: string;
  maxBet?: string;
  chips?: string[];
  limits?: Record<string, { min: string; max: string }>;
  opensAt?: string | null;
  closesAt?: string | null;
}): Array<{ path: Array<string | number>; message: string }> {
  const out: Array<{ path: Array<string | number>; message: string }> = [];
  const c = (v: string | undefined) =>
    v !== undefined && /^\d{1,13}(\.\d{1,2})?$/.test(v.trim()) ? cents(v) : null;
  const min = c(u.minBet);
  const max = c(u.maxBet);
  if (min !== null && max !== null && max < min)
    out.push({ path: ["maxBet"], message: "Must not be below the table's minimum bet" });
  const seen = new Set<number>();
  for (const [i, chip] of (u.chips ?? []).entries()) {
    const v = c(chip);
    if (v === null) continue;
    if (seen.has(v)) out.push({ path: ["chips", i], message: "This chip is already in the set" });
    else if (max !== null && v > max)
      out.push({ path: ["chips", i], message: "Above the table's maximum bet" });
    seen.add(v);
  }
  for (const [k, v] of Object.entries(u.limits ?? {})) {
    const lo = c(v.min);
    const hi = c(v.max);
    if (lo !== null && hi !== null && hi < lo)
      out.push({ path: ["limits", k, "max"], message: "Must not be below this spot's minimum" });
  }
  if (u.opensAt !== undefined || u.closesAt !== undefined) {
    const o = u.opensAt ?? null;
    const cl = u.closesAt ?? null;
    if (o === null && cl !== null)
      out.push({ path: ["opensAt"], message: "Give the opening time too (or neither)" });
    if (o !== null && cl === null)
      out.push({ path: ["closesAt"], message: "Give the closing time too (or neither)" });
    if (o !== null && o === cl)
      out.push({ path: ["closesAt"], message: "Opening and closing times must differ" });
  }
  return out;
}
export type AdminTableUpdate = z.infer<typeof AdminTableUpdate>;
export const AdminTableRoundsQuery = z.object({
  tableId: z.string().min(1).max(64),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const AdminTableReportQuery = z.object({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
