import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  banners,
  helpArticles,
  helpCategories,
  media,
  notices,
  resources,
  seoTexts,
} from "../../db/schema/content.ts";
import { settings } from "../../db/schema/core.ts";

/**
 * Every statement on the content module's own tables (settings, resources, help_categories,
 * help_articles, banners, notices, seo_texts, media). Texts come back as stored; the service
 * picks the caller's language.
 */

/** Items in their display window: not started later than now, not ended before now. */
const live = (t: typeof banners | typeof notices) =>
  and(
    eq(t.enabled, true),
    or(isNull(t.startsAt), lte(t.startsAt, sql`now()`)),
    or(isNull(t.endsAt), gt(t.endsAt, sql`now()`)),
  );

// ---- settings ----

export function settingRows(exec: Executor, keys: readonly string[]) {
  return exec
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, keys as string[]));
}

export async function upsertSetting(exec: Executor, key: string, value: unknown): Promise<void> {
  await exec
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

// ---- resources ----

/** Enabled resources in id order. */
export function enabledResources(exec: Executor) {
  return exec
    .select({ type: resources.resourceType, url: resources.url })
    .from(resources)
    .where(eq(resources.enabled, true))
    .orderBy(asc(resources.id));
}

/** The address of the enabled resource of a type, if there is one. */
export async function enabledResourceUrl(exec: Executor, type: string): Promise<string | undefined> {
  const [row] = await exec
    .select({ url: resources.url })
    .from(resources)
    .where(and(eq(resources.resourceType, type), eq(resources.enabled, true)));
  return row?.url;
}

// ---- help centre ----

export function enabledHelpCategories(exec: Executor) {
  return exec
    .select()
    .from(helpCategories)
    .where(eq(helpCategories.enabled, true))
    .orderBy(asc(helpCategories.sortOrder), asc(helpCategories.id));
}

export function enabledHelpArticles(exec: Executor) {
  return exec
    .select()
    .from(helpArticles)
    .where(eq(helpArticles.enabled, true))
    .orderBy(asc(helpArticles.sortOrder), asc(helpArticles.id));
}

// ---- banners and notices ----

/** Banners in their display window, of the groups given (every group when none). */
export function liveBanners(exec: Executor, groups: readonly string[] | undefined) {
  return exec
    .select()
    .from(banners)
    .where(and(live(banners), groups ? inArray(banners.groupName, [...groups]) : undefined))
    .orderBy(asc(banners.groupName), asc(banners.sortOrder), asc(banners.id));
}

/**
 * Enabled notices of the types given, newest first within a sort order; `execution` keeps only
 * those in their display window.
 */
export function noticeRows(
  exec: Executor,
  types: readonly (typeof notices.$inferSelect)["type"][],
  execution: boolean,
  /** Players read notices for everyone; agents in their centre read those and their own. */
  reader: "players" | "agents" = "players",
) {
  return exec
    .select()
    .from(notices)
    .where(
      and(
        execution ? live(notices) : eq(notices.enabled, true),
        inArray(notices.type, [...types]),
        reader === "players" ? eq(notices.audience, "all") : undefined,
      ),
    )
    .orderBy(
      asc(notices.sortOrder),
      sql`coalesce(${notices.startsAt}, ${notices.createdAt}) DESC`,
      asc(notices.id),
    );
}

// ---- SEO texts ----

export function seoRows(exec: Executor) {
  return exec.select().from(seoTexts).orderBy(asc(seoTexts.path));
}

// ---- stored media ----

export async function mediaById(exec: Executor, id: number) {
  const [row] = await exec
    .select({ contentType: media.contentType, bytes: media.bytes, sha: media.sha256 })
    .from(media)
    .where(eq(media.id, id));
  return row;
}

/** Stores image bytes once (by content hash) and answers the stored row's id. */
export async function insertMedia(exec: Executor, bytes: Buffer, contentType: string, sha256: string) {
  const inserted = await exec
    .insert(media)
    .values({ contentType, bytes, sha256 })
    .onConflictDoNothing({ target: media.sha256 })
    .returning({ id: media.id });
  return (
    inserted[0]?.id ??
    (await exec.select({ id: media.id }).from(media).where(eq(media.sha256, sha256)))[0]?.id
  );
}

export async function mediaExists(exec: Executor, id: number): Promise<boolean> {
  const [found] = await exec.select({ id: media.id }).from(media).where(eq(media.id, id));
  return found !== undefined;
}

// ---- the back office's editing (optimistic: an update names the version the editor loaded) ----

type Notice = typeof notices.$inferInsert;
type Banner = typeof banners.$inferInsert;
type HelpCategory = typeof helpCategories.$inferInsert;
type HelpArticle = typeof helpArticles.$inferInsert;
type Resource = typeof resources.$inferInsert;

export const noticeRepo = {
  list: (e: Executor) =>
    e.select().from(notices).orderBy(asc(notices.type), asc(notices.sortOrder), asc(notices.id)),
  get: async (e: Executor, id: number) => (await e.select().from(notices).where(eq(notices.id, id)))[0],
  insert: async (e: Executor, v: Notice) => (await e.insert(notices).values(v).returning())[0],
  update: async (e: Executor, id: number, version: number, v: Partial<Notice>) =>
    (
      await e
        .update(notices)
        .set({ ...v, version: sql`${notices.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(notices.id, id), eq(notices.version, version)))
        .returning()
    )[0],
  remove: async (e: Executor, id: number) => {
    await e.delete(notices).where(eq(notices.id, id));
  },
};

export const bannerRepo = {
  list: (e: Executor) =>
    e.select().from(banners).orderBy(asc(banners.groupName), asc(banners.sortOrder), asc(banners.id)),
  get: async (e: Executor, id: number) => (await e.select().from(banners).where(eq(banners.id, id)))[0],
  insert: async (e: Executor, v: Banner) => (await e.insert(banners).values(v).returning())[0],
  update: async (e: Executor, id: number, version: number, v: Partial<Banner>) =>
    (
      await e
        .update(banners)
        .set({ ...v, version: sql`${banners.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(banners.id, id), eq(banners.version, version)))
        .returning()
    )[0],
  remove: async (e: Executor, id: number) => {
    await e.delete(banners).where(eq(banners.id, id));
  },
};

export const helpCategoryRepo = {
  list: (e: Executor) =>
    e.select().from(helpCategories).orderBy(asc(helpCategories.sortOrder), asc(helpCategories.id)),
  get: async (e: Executor, id: number) =>
    (await e.select().from(helpCategories).where(eq(helpCategories.id, id)))[0],
  exists: async (e: Executor, id: number) =>
    (await e.select({ id: helpCategories.id }).from(helpCategories).where(eq(helpCategories.id, id))).length >
    0,
  insert: async (e: Executor, v: HelpCategory) => (await e.insert(helpCategories).values(v).returning())[0],
  update: async (e: Executor, id: number, version: number, v: Partial<HelpCategory>) =>
    (
      await e
        .update(helpCategories)
        .set({ ...v, version: sql`${helpCategories.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(helpCategories.id, id), eq(helpCategories.version, version)))
        .returning()
    )[0],
  remove: async (e: Executor, id: number) => {
    await e.delete(helpCategories).where(eq(helpCategories.id, id));
  },
};

export const helpArticleRepo = {
  list: (e: Executor) =>
    e
      .select()
      .from(helpArticles)
      .orderBy(asc(helpArticles.categoryId), asc(helpArticles.sortOrder), asc(helpArticles.id)),
  get: async (e: Executor, id: number) =>
    (await e.select().from(helpArticles).where(eq(helpArticles.id, id)))[0],
  insert: async (e: Executor, v: HelpArticle) => (await e.insert(helpArticles).values(v).returning())[0],
  update: async (e: Executor, id: number, version: number, v: Partial<HelpArticle>) =>
    (
      await e
        .update(helpArticles)
        .set({ ...v, version: sql`${helpArticles.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(helpArticles.id, id), eq(helpArticles.version, version)))
        .returning()
    )[0],
  remove: async (e: Executor, id: number) => {
    await e.delete(helpArticles).where(eq(helpArticles.id, id));
  },
};

export const resourceRepo = {
  list: (e: Executor) => e.select().from(resources).orderBy(asc(resources.id)),
  get: async (e: Executor, id: number) => (await e.select().from(resources).where(eq(resources.id, id)))[0],
  /** Nothing (undefined) when a resource of that type exists. */
  insert: async (e: Executor, v: Resource) =>
    (await e.insert(resources).values(v).onConflictDoNothing().returning())[0],
  update: async (e: Executor, id: number, version: number, v: Partial<Resource>) =>
    (
      await e
        .update(resources)
        .set({ ...v, version: sql`${resources.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(resources.id, id), eq(resources.version, version)))
        .returning()
    )[0],
  remove: async (e: Executor, id: number) => {
    await e.delete(resources).where(eq(resources.id, id));
  },
};

/** Replace every SEO text with these. */
export async function replaceSeoRows(
  exec: Executor,
  rows: Array<typeof seoTexts.$inferInsert>,
): Promise<void> {
  await exec.delete(seoTexts);
  if (rows.length) await exec.insert(seoTexts).values(rows);
}
