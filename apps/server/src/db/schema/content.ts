import { boolean, customType, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Texts per language code, e.g. { TY: "…", EN: "…" }. */
export type Texts = Record<string, string>;

const bytea = customType<{ data: Buffer }>({ dataType: () => "bytea" });
const stamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const media = pgTable("media", {
  id: serial("id").primaryKey(),
  contentType: text("content_type").notNull(),
  bytes: bytea("bytes").notNull(),
  sha256: text("sha256").notNull(),
  createdAt: stamp("created_at").notNull().defaultNow(),
});

export const banners = pgTable("banners", {
  id: serial("id").primaryKey(),
  groupName: text("group_name").notNull(),
  imageUrl: text("image_url").notNull(),
  linkageType: text("linkage_type").$type<"ROUTE" | "URL" | "GAME">(),
  linkage: text("linkage"),
  /** The link leaves the site (migration 0102): only then may it be an absolute address. */
  external: boolean("external").notNull().default(false),
  alt: jsonb("alt").$type<Texts>().notNull(),
  /** The caption laid over the image in the player's language (null: none). */
  title: jsonb("title").$type<Texts>(),
  subtitle: jsonb("subtitle").$type<Texts>(),
  sortOrder: integer("sort_order").notNull().default(0),
  startsAt: stamp("starts_at"),
  endsAt: stamp("ends_at"),
  enabled: boolean("enabled").notNull().default(true),
  version: integer("version").notNull().default(1),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export const notices = pgTable("notices", {
  id: serial("id").primaryKey(),
  type: text("type").$type<"B" | "PL" | "PU" | "PR" | "H">().notNull(),
  title: jsonb("title").$type<Texts>().notNull(),
  content: jsonb("content").$type<Texts>().notNull(),
  /** Links in the text may leave the site (migration 0102); otherwise only in-site paths. */
  external: boolean("external").notNull().default(false),
  /** Who reads it: everyone, or agents only in their centre (migration 20261129060416). */
  audience: text("audience").$type<"all" | "agents">().notNull().default("all"),
  startsAt: stamp("starts_at"),
  endsAt: stamp("ends_at"),
  sortOrder: integer("sort_order").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
  version: integer("version").notNull().default(1),
  createdAt: stamp("created_at").notNull().defaultNow(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export const helpCategories = pgTable("help_categories", {
  id: serial("id").primaryKey(),
  title: jsonb("title").$type<Texts>().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
  version: integer("version").notNull().default(1),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export const helpArticles = pgTable("help_articles", {
  id: serial("id").primaryKey(),
  categoryId: integer("category_id").notNull(),
  title: jsonb("title").$type<Texts>().notNull(),
  content: jsonb("content").$type<Texts>().notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
  version: integer("version").notNull().default(1),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export const resources = pgTable("resources", {
  id: serial("id").primaryKey(),
  resourceType: text("resource_type").notNull().unique(),
  url: text("url").notNull(),
  enabled: boolean("enabled").notNull().default(true),
  version: integer("version").notNull().default(1),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});

export const seoTexts = pgTable("seo_texts", {
  path: text("path").primaryKey(),
  title: jsonb("title").$type<Texts>().notNull(),
  description: jsonb("description").$type<Texts>().notNull(),
  updatedAt: stamp("updated_at").notNull().defaultNow(),
});
