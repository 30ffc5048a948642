import { boolean, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const gameVendors = pgTable("game_vendors", {
  nodeId: serial("node_id").primaryKey(),
  vassalage: text("vassalage").notNull().unique(),
  gameType: text("game_type").notNull(),
  accountTypeId: integer("account_type_id").notNull(),
  displayName: text("display_name").notNull(),
  smallIcon: text("small_icon").notNull(),
  logo: text("logo").notNull(),
  logoHover: text("logo_hover").notNull(),
  isHot: boolean("is_hot").notNull().default(false),
  sort: integer("sort").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
