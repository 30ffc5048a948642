import {
  bigint,
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

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
  /** spec §3 launch input: URL template with `{gameCode}` (migration 0151). */
  launchUrl: text("launch_url"),
  walletMode: text("wallet_mode").notNull().default("seamless"),
  /** Trial accounts (play money) may play this vendor. */
  playMoney: boolean("play_money").notNull().default(false),
  /** The game server's replay page of one round, a template with `{roundId}` (migration 0504). */
  replayUrl: text("replay_url"),
});

const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** A game's names per language code ({ EN, TY, ... }). */
export type GameNames = Partial<Record<string, string>>;

export const games = pgTable("games", {
  nodeId: serial("node_id").primaryKey(),
  vendor: text("vendor").notNull(),
  gameCode: text("game_code").notNull(),
  gameType: text("game_type").notNull(),
  gameClassify: text("game_classify").notNull(),
  names: jsonb("names").$type<GameNames>().notNull(),
  searchText: text("search_text").notNull(),
  minBet: bigint("min_bet", { mode: "bigint" }).notNull(),
  minLineNum: integer("min_line_num").notNull(),
  thumbnail: text("thumbnail").notNull(),
  rtp: numeric("rtp", { precision: 5, scale: 2 }),
  volatility: text("volatility").$type<"low" | "medium" | "high">(),
  isHot: boolean("is_hot").notNull().default(false),
  enabled: boolean("enabled").notNull().default(true),
  sort: integer("sort").notNull().default(0),
  createdAt: stamp("created_at").notNull().defaultNow(),
  /** Optimistic edits in the back office (migration 0155). */
  version: integer("version").notNull().default(1),
});

export const favoriteGames = pgTable(
  "favorite_games",
  {
    memberId: bigint("member_id", { mode: "number" }).notNull(),
    nodeId: integer("node_id").notNull(),
    createdAt: stamp("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] })],
);

export const recentGames = pgTable(
  "recent_games",
  {
    memberId: bigint("member_id", { mode: "number" }).notNull(),
    nodeId: integer("node_id").notNull(),
    lastPlayedAt: stamp("last_played_at").notNull().defaultNow(),
    plays: integer("plays").notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.nodeId] })],
);

/** The header nav's categories: order and whether shown (migration 20261129062613_game_nav_order). */
export const gameCategories = pgTable("game_categories", {
  code: text("code").primaryKey(),
  position: integer("position").notNull(),
  shown: boolean("shown").notNull().default(true),
  version: integer("version").notNull().default(1),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

/**
 * The games module's published view of its vendors (migration 20261129054941): the columns other
 * modules may read, read-only for them. Another module names this view, never game_vendors.
 */
export const vendorCatalogue = pgView("vendor_catalogue", {
  nodeId: integer("node_id").notNull(),
  vassalage: text("vassalage").notNull(),
  gameType: text("game_type").notNull(),
  displayName: text("display_name").notNull(),
  enabled: boolean("enabled").notNull(),
  walletMode: text("wallet_mode").notNull(),
  replayUrl: text("replay_url"),
}).existing();
