import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const operators = pgTable("operators", {
  id: serial("id").primaryKey(),
  username: text("username").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  totpSecret: text("totp_secret").notNull(),
  totpLastStep: bigint("totp_last_step", { mode: "number" }).notNull().default(0),
  role: text("role").notNull(),
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  disabled: boolean("disabled").notNull().default(false),
  failedLogins: integer("failed_logins").notNull().default(0),
  lockedUntil: stamp("locked_until"),
  failWindowUntil: stamp("fail_window_until"),
  lastLoginAt: stamp("last_login_at"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

export const operatorSessions = pgTable("operator_sessions", {
  tokenHash: text("token_hash").primaryKey(),
  operatorId: integer("operator_id").notNull(),
  createdAt: stamp("created_at").notNull(),
  lastSeenAt: stamp("last_seen_at").notNull(),
  expiresAt: stamp("expires_at").notNull(),
  ip: text("ip"),
  userAgent: text("user_agent"),
});

export const auditLog = pgTable("audit_log", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  at: stamp("at").notNull().defaultNow(),
  operatorId: integer("operator_id"),
  operatorName: text("operator_name").notNull(),
  action: text("action").notNull(),
  entityType: text("entity_type").notNull(),
  entityId: text("entity_id"),
  before: jsonb("before"),
  after: jsonb("after"),
  ip: text("ip"),
});

/** Roles: named sets of permissions the owner shapes (migration 20261129054923_admin_roles). */
export const adminRoles = pgTable("admin_roles", {
  name: text("name").primaryKey(),
  label: text("label").notNull(),
  permissions: text("permissions").array().notNull(),
  version: integer("version").notNull().default(1),
  createdAt: stamp("created_at").notNull().defaultNow(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export type ApprovalKind =
  | "payment_channel.create"
  | "payment_channel.update"
  | "settings.finance"
  | "provider_limits.update"
  | "queue.bulk_approve"
  | "bonus.grant"
  | "loyalty.vip_level";

/** Four-eyes changes waiting for a second operator (migrations 0431, 0515). */
export const approvalRequests = pgTable("approval_requests", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  kind: text("kind").$type<ApprovalKind>().notNull(),
  entityId: text("entity_id"),
  payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
  base: jsonb("base").$type<unknown>(),
  summary: jsonb("summary").$type<Record<string, unknown>>().notNull(),
  status: text("status").$type<"pending" | "applied" | "rejected">().notNull(),
  createdBy: integer("created_by").notNull(),
  decidedBy: integer("decided_by"),
  reason: text("reason"),
  createdAt: stamp("created_at").notNull().defaultNow(),
  decidedAt: stamp("decided_at"),
});
