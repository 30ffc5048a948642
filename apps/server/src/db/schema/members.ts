import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const members = pgTable("members", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  username: text("username").notNull().unique(),
  mobile: text("mobile").unique(),
  email: text("email"),
  passwordHash: text("password_hash"),
  passwordChangedAt: stamp("password_changed_at"),
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  isAgent: smallint("is_agent").notNull().default(0),
  uplineId: bigint("upline_id", { mode: "number" }),
  nickname: text("nickname"),
  realName: text("real_name"),
  birthday: date("birthday", { mode: "string" }),
  currency: text("currency").notNull().default("PHP"),
  language: text("language").notNull().default("TY"),
  status: text("status").$type<"active" | "locked" | "closed">().notNull().default("active"),
  failedLogins: integer("failed_logins").notNull().default(0),
  lockedUntil: stamp("locked_until"),
  failWindowUntil: stamp("fail_window_until"),
  lockReason: text("lock_reason"),
  firstLoginDone: boolean("first_login_done").notNull().default(false),
  affiliateCode: text("affiliate_code"),
  txPasswordHash: text("tx_password_hash"),
  realNameVerified: boolean("real_name_verified").notNull().default(false),
  registerIp: text("register_ip"),
  registerUrl: text("register_url"),
  createdAt: stamp("created_at").notNull().defaultNow(),
  lastLoginAt: stamp("last_login_at"),
});

export const memberSessions = pgTable("member_sessions", {
  tokenHash: text("token_hash").primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  method: text("method").notNull(),
  createdAt: stamp("created_at").notNull(),
  lastSeenAt: stamp("last_seen_at").notNull(),
  expiresAt: stamp("expires_at").notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
});

export const loginHistory = pgTable("login_history", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  memberId: bigint("member_id", { mode: "number" }),
  username: text("username").notNull(),
  at: stamp("at").notNull().defaultNow(),
  ip: text("ip"),
  userAgent: text("user_agent"),
  method: text("method").notNull(),
  success: boolean("success").notNull(),
  reason: text("reason"),
});

export const memberIdentities = pgTable("member_identities", {
  provider: text("provider").notNull(),
  subject: text("subject").notNull(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  email: text("email"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

/**
 * Failed-attempt counters of names that are not a member's own row: unknown usernames,
 * transaction passwords, addresses (lib/attempts.ts). Same columns as the members' counters.
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    failedLogins: integer("failed_logins").notNull().default(0),
    failWindowUntil: stamp("fail_window_until").notNull(),
    lockedUntil: stamp("locked_until"),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index("login_attempts_window_idx").on(t.failWindowUntil),
  ],
);

/** Operators' notes on a player, newest first in the back office (migration 0306). */
export const memberNotes = pgTable("member_notes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  operatorId: integer("operator_id").notNull(),
  operatorName: text("operator_name").notNull(),
  body: text("body").notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
});
