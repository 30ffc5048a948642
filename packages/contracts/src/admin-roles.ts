import { z } from "zod";

/**
 * Back-office permissions and the roles that hold them. A route asks for one
 * permission; a role is only a named set of them, so new roles never need new code.
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
] as const;
export const Permission = z.enum(Permissions);
export type Permission = z.infer<typeof Permission>;

export const Roles = ["owner", "finance", "support", "content", "marketing", "auditor"] as const;
export const Role = z.enum(Roles);
export type Role = z.infer<typeof Role>;

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: Permissions,
  finance: [
    "finance.read",
    "finance.write",
    "players.read",
    "audit.read",
    "system.read",
    "lottery.read",
    "tables.read",
  ],
  support: [
    "players.read",
    "players.write",
    "content.read",
    "outbox.read",
    "system.read",
    "kyc.read",
    "kyc.write",
    "chat.operate",
  ],
  content: ["content.read", "content.write", "system.read"],
  marketing: ["marketing.read", "marketing.write", "content.read", "content.write", "system.read"],
  auditor: [
    "audit.read",
    "content.read",
    "system.read",
    "operators.read",
    "players.read",
    "finance.read",
    "marketing.read",
    "outbox.read",
    "lottery.read",
    "kyc.read",
    "tables.read",
    "sports.read",
  ],
};

export function roleAllows(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission);
}
