import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
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
  // The member's own space (migration 1000).
  avatarUrl: text("avatar_url"),
  fullName: text("full_name"),
  address: text("address"),
  nationality: text("nationality"),
  occupation: text("occupation"),
  incomeSource: text("income_source"),
  birthPlace: text("birth_place"),
  contacts: jsonb("contacts").$type<Record<string, string>>().notNull().default({}),
  totpSecret: text("totp_secret"),
  totpEnabledAt: stamp("totp_enabled_at"),
  totpLastStep: bigint("totp_last_step", { mode: "number" }),
  kycStatus: text("kyc_status")
    .$type<"none" | "pending" | "more_info" | "verified" | "rejected">()
    .notNull()
    .default("none"),
  kycVerifiedAt: stamp("kyc_verified_at"),
  idNumber: text("id_number"),
});

/**
 * The members module's published view (migration 20261129034653): the columns other modules may
 * read, read-only for them. Another module names this view, never the members table.
 */
export const memberDirectory = pgView("member_directory", {
  id: bigint("id", { mode: "number" }).notNull(),
  username: text("username").notNull(),
  mobile: text("mobile"),
  email: text("email"),
  currency: text("currency").notNull(),
  isAgent: smallint("is_agent").notNull(),
  status: text("status").$type<"active" | "locked" | "closed">().notNull(),
  // Appended by migration 20261129054941.
  uplineId: bigint("upline_id", { mode: "number" }),
  affiliateCode: text("affiliate_code"),
  language: text("language").notNull(),
  birthday: date("birthday", { mode: "string" }),
  createdAt: stamp("created_at").notNull(),
  lastLoginAt: stamp("last_login_at"),
}).existing();

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

/** The member's KYC cases (migration 1000). */
export const kycCases = pgTable("kyc_cases", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  status: text("status")
    .$type<"pending" | "more_info" | "approved" | "rejected">()
    .notNull()
    .default("pending"),
  idFront: text("id_front"),
  idBack: text("id_back"),
  selfie: text("selfie"),
  realName: text("real_name"),
  birthday: date("birthday", { mode: "string" }),
  nationality: text("nationality"),
  occupation: text("occupation").notNull(),
  incomeSource: text("income_source").notNull(),
  address: text("address").notNull(),
  reason: text("reason"),
  decidedBy: integer("decided_by"),
  decidedByName: text("decided_by_name"),
  decidedAt: stamp("decided_at"),
  purgedAt: stamp("purged_at"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

export const kycSettings = pgTable("kyc_settings", {
  id: smallint("id").primaryKey(),
  firstWithdrawal: boolean("first_withdrawal").notNull(),
  withdrawalAbove: bigint("withdrawal_above", { mode: "bigint" }),
  depositAbove: bigint("deposit_above", { mode: "bigint" }),
  depositPeriodDays: integer("deposit_period_days").notNull(),
  retentionDays: integer("retention_days").notNull(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

/** Password reset tokens: the members' account recovery (members/recovery.ts) is their only user. */
export const passwordResets = pgTable("password_resets", {
  tokenHash: text("token_hash").primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  expiresAt: stamp("expires_at").notNull(),
  usedAt: stamp("used_at"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });

/**
 * Members' private files (deposit and receipt proofs, KYC documents; migration 0210): served
 * only to their owner and to operators with the permission, under random 128-bit+ ids. Stored by
 * lib/member-uploads.ts; other modules find one through members/service.ts (`memberUpload`).
 */
export const memberUploads = pgTable("member_uploads", {
  id: text("id").primaryKey(),
  memberId: bigint("member_id", { mode: "number" }).notNull(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  sha256: text("sha256").notNull(),
  legacyMediaId: integer("legacy_media_id"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});
