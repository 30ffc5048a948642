import { z } from "zod";

/**
 * Back-office permissions. A route asks for one permission; a role is a named set of them kept
 * in the database (`admin_roles`) and shaped by the owner in the back office (Roles), so a new
 * role never needs new code.
 */
export const Permissions = [
  "content.read",
  "content.write",
  "system.read",
  "system.write",
  "operators.read",
  "operators.write",
  "audit.read",
  "players.read",
  "players.write",
  "finance.read",
  "finance.write",
  "marketing.read",
  "marketing.write",
  "outbox.read",
  "lottery.read",
  "lottery.write",
  // Live tables: their settings, state, rounds and report.
  "tables.read",
  "tables.write",
  // Start a scheduled job now from the back office (System → Jobs); seeing them is system.read.
  "jobs.run",
  // KYC documents and decisions: identity papers are seen by these operators only.
  "kyc.read",
  "kyc.write",
  // The sportsbook's trading desk.
  "sports.read",
  "sports.write",
  // Customer-service chat: answer members in the console; manage canned
  // replies, business hours and operators' teams.
  "chat.operate",
  "chat.manage",
  // Settle or void a match by hand, and approve another trader's settlement (four eyes).
  "sports.settle",
  // Credit or debit a member's balance by hand, and approve another operator's adjustment.
  "players.adjust",
  // Grant a bonus to a member by hand.
  "bonuses.grant",
  // The game catalogue: games shown or hidden, hot, categories and their order.
  "games.write",
  // Shape roles and give them to operators: the owner's alone, never in another role.
  "roles.write",
] as const;
export const Permission = z.enum(Permissions);
export type Permission = z.infer<typeof Permission>;

/** The role that holds every permission, now and later; it cannot be changed or deleted. */
export const OWNER_ROLE = "owner";
/** Permissions only the owner holds: no other role may be given them. */
export const OWNER_ONLY_PERMISSIONS: readonly Permission[] = ["roles.write"];

/** A role's name: its key, lower-case (operators carry it). */
export const Role = z
  .string()
  .trim()
  .regex(/^[a-z][a-z0-9_-]{1,39}$/, "2–40 lower-case letters, digits, dash or underscore");
export type Role = z.infer<typeof Role>;

/** GET /api/admin/roles → RoleRow[]; POST creates; PUT /:name changes; DELETE /:name. */
export const RoleRow = z.object({
  name: Role,
  label: z.string(),
  permissions: z.array(Permission),
  /** The owner role: every permission, never edited or deleted. */
  fixed: z.boolean(),
  /** How many operators hold it (a role in use cannot be deleted). */
  operators: z.number().int(),
  version: z.number().int(),
});
export type RoleRow = z.infer<typeof RoleRow>;
export const RoleCreate = z.object({
  name: Role,
  label: z.string().trim().min(2).max(60),
  permissions: z.array(Permission).max(Permissions.length),
});
export const RoleUpdate = z.object({
  label: z.string().trim().min(2).max(60),
  permissions: z.array(Permission).max(Permissions.length),
  /** The version loaded: a stale one answers VERSION_CONFLICT. */
  version: z.number().int(),
});

/** What a role's stored permissions mean: the owner holds all of them. */
export function effectivePermissions(role: string, stored: readonly string[]): Permission[] {
  if (role === OWNER_ROLE) return [...Permissions];
  const known = new Set<string>(Permissions);
  return stored.filter(
    (p): p is Permission => known.has(p) && !OWNER_ONLY_PERMISSIONS.includes(p as Permission),
  );
}
