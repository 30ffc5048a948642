import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "../../lib/api.ts";
import { t } from "../../lib/i18n.ts";

/** One player as the back office sees it (GET /api/admin/players and /players/:id). */
export const PlayerRow = z.object({
  id: z.number().int(),
  username: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  /** 0 member; 1, 2, 41, 42 agent; 4 trial play. */
  isAgent: z.number().int(),
  status: z.enum(["active", "locked", "closed"]),
  /** Set after too many failed logins: no login until then, even while `status` is active. */
  lockedUntil: z.string().nullable(),
  lockReason: z.string().nullable(),
  mustChangePassword: z.boolean(),
  currency: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type Player = z.infer<typeof PlayerRow>;

/** A row of the list: the player with their VIP level and main balance ("1234.50"). */
export const PlayerListRow = PlayerRow.extend({ vipLevel: z.number().int(), balance: z.string() });
export type PlayerListRow = z.infer<typeof PlayerListRow>;
export const PlayersPage = z.object({ items: z.array(PlayerListRow), total: z.number().int() });

export const PlayerSession = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  method: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type PlayerSession = z.infer<typeof PlayerSession>;

export const PlayerLogin = z.object({
  at: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  method: z.string(),
  success: z.boolean(),
  reason: z.string().nullable(),
});
export type PlayerLogin = z.infer<typeof PlayerLogin>;

export const PlayerDetail = z.object({
  player: PlayerRow,
  sessions: z.array(PlayerSession),
  logins: z.array(PlayerLogin),
});
export type PlayerDetail = z.infer<typeof PlayerDetail>;

/** POST /api/admin/players/:id/temporary-password: the password is shown to the operator once. */
export const TemporaryPassword = z.object({ player: PlayerRow, temporaryPassword: z.string() });

/** POST /api/admin/players/:id/lock */
export const LockInput = z.object({
  reason: z
    .string()
    .trim()
    .min(3, "Give a reason of at least 3 characters")
    .max(200, "At most 200 characters"),
});
export type LockInput = z.infer<typeof LockInput>;

const playersKey = ["players"] as const;
const detailKey = (id: number) => [...playersKey, "detail", id] as const;

/**
 * The list's server-side filters (the search, status, KYC, agent, VIP level, main balance range
 * as the API's decimal pesos, days).
 */
export const PLAYER_FILTERS = [
  "q",
  "status",
  "kyc",
  "agent",
  "vip",
  "balanceMin",
  "balanceMax",
  "registeredFrom",
  "registeredTo",
  "lastLoginFrom",
  "lastLoginTo",
] as const;
export type PlayerFilters = Partial<Record<(typeof PLAYER_FILTERS)[number], string>>;

/** One page of the list; `search` is the list query's query string (useListQuery). */
export function usePlayers(search: string) {
  return useQuery({
    queryKey: [...playersKey, "list", search],
    queryFn: ({ signal }) => api.get(`/players?${search}`, PlayersPage, signal),
    // Keep the rows on screen while the next search or page loads.
    placeholderData: keepPreviousData,
  });
}

export function usePlayer(id: number) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => api.get(`/players/${id}`, PlayerDetail, signal),
    // Sessions and logins change with every visit of the player: ask again whenever it opens.
    staleTime: 0,
  });
}

/**
 * The three actions each answer the updated player and end the player's sessions: show the new
 * player at once, then load the detail (and any list) again.
 */
function usePlayerAction<A, R>(id: number, call: (args: A) => Promise<R>, playerOf: (result: R) => Player) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (result) => {
      const player = playerOf(result);
      queryClient.setQueryData<PlayerDetail>(detailKey(id), (old) => (old ? { ...old, player } : old));
      return queryClient.invalidateQueries({ queryKey: playersKey });
    },
  });
}

export function useLockPlayer(id: number) {
  return usePlayerAction(
    id,
    (input: LockInput) => api.post(`/players/${id}/lock`, input, PlayerRow),
    (p) => p,
  );
}

export function useUnlockPlayer(id: number) {
  return usePlayerAction(
    id,
    () => api.post(`/players/${id}/unlock`, {}, PlayerRow),
    (p) => p,
  );
}

export function useTemporaryPassword(id: number) {
  return usePlayerAction(
    id,
    () => api.post(`/players/${id}/temporary-password`, {}, TemporaryPassword),
    (r) => r.player,
  );
}

/** The account type behind `isAgent`. */
export function playerType(isAgent: number): string {
  if (isAgent === 0) return t("players.typeOf.member");
  if (isAgent === 4) return t("players.typeOf.trial");
  if ([1, 2, 41, 42].includes(isAgent)) return t("players.typeOf.agent");
  return t("players.typeOf.other", { n: isAgent });
}

export type PlayerState = "active" | "locked" | "closed" | "lockout";

/** The status a player is in now: a lockout after failed logins shows even while `status` is active. */
export function playerState(player: Player, now = Date.now()): PlayerState {
  if (player.status !== "active") return player.status;
  if (player.lockedUntil && new Date(player.lockedUntil).getTime() > now) return "lockout";
  return "active";
}
