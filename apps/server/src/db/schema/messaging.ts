import { bigserial, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const outbox = pgTable("outbox", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  channel: text("channel").$type<"sms" | "email">().notNull(),
  recipient: text("recipient").notNull(),
  subject: text("subject"),
  body: text("body").notNull(),
  purpose: text("purpose").notNull(),
  adapter: text("adapter").notNull(),
  status: text("status").$type<"queued" | "sent" | "failed">().notNull(),
  providerRef: text("provider_ref"),
  error: text("error"),
  createdAt: stamp("created_at").notNull().defaultNow(),
  sentAt: stamp("sent_at"),
});

export const verificationCodes = pgTable("verification_codes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  purpose: text("purpose").notNull(),
  target: text("target").notNull(),
  codeHash: text("code_hash").notNull(),
  attempts: integer("attempts").notNull().default(0),
  expiresAt: stamp("expires_at").notNull(),
  consumedAt: stamp("consumed_at"),
  createdAt: stamp("created_at").notNull().defaultNow(),
});
