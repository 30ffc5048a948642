import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Installation-wide settings: brand, module switches, limits. One row per key. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
