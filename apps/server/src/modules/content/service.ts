import type {
  Banner,
  HelpCategory,
  Notice,
  Resource,
  ResourceType,
  SeoEntry,
} from "@panalo/contracts/content";
import { followableLink } from "@panalo/contracts/links";
import type { Executor } from "../../db/client.ts";
import type { Lang } from "../../lib/messages.ts";
import * as repo from "./repo.ts";
import { pick } from "./texts.ts";

/**
 * The content module's public face: the operator's settings, the region rules, the text
 * helpers, and the reads behind the public content calls. Other modules import only this file.
 */
export { countryOf, isBlocked, parseRange, type RegionRules } from "./region.ts";
export {
  readSetting,
  readSettings,
  SETTING_DEFAULTS,
  SETTING_SCHEMAS,
  type SettingKey,
  type SettingValue,
  switchesOf,
  writeSetting,
} from "./settings.ts";
export { cleanHtml, cleanTexts, linksIn, pick, plainTexts } from "./texts.ts";

/** Resources that are app downloads or chat links get a QR code the site can show. */
export const QR_TYPES: readonly ResourceType[] = ["IOS_APP", "ANDROID_APP", "TELEGRAM"];

export async function resourceList(exec: Executor): Promise<Resource[]> {
  const rows = await repo.enabledResources(exec);
  return rows.map((r) => ({
    resourceType: r.type as ResourceType, // CHECKed on write by the admin schema
    url: r.url,
    qrCodeUrl: QR_TYPES.includes(r.type as ResourceType) ? `/media/qr/${r.type}.svg` : null,
  }));
}

/** The address a QR code of this type shows: only for the QR types, only when enabled. */
export async function qrTarget(exec: Executor, type: string): Promise<string | undefined> {
  if (!QR_TYPES.includes(type as ResourceType)) return undefined;
  return repo.enabledResourceUrl(exec, type);
}

export async function helpCenter(exec: Executor, lang: Lang): Promise<HelpCategory[]> {
  const [cats, arts] = await Promise.all([repo.enabledHelpCategories(exec), repo.enabledHelpArticles(exec)]);
  return cats.map(
    (c): HelpCategory => ({
      id: c.id,
      title: pick(c.title, lang),
      articles: arts
        .filter((a) => a.categoryId === c.id)
        .map((a) => ({ id: a.id, title: pick(a.title, lang), content: pick(a.content, lang) })),
    }),
  );
}

export async function liveBanners(
  exec: Executor,
  groups: readonly string[] | undefined,
  lang: Lang,
): Promise<Banner[]> {
  const rows = await repo.liveBanners(exec, groups);
  return rows.map(
    (b): Banner => ({
      bannerId: b.id,
      groupName: b.groupName as Banner["groupName"], // checked by the admin schema on write
      url: b.imageUrl,
      // A route or address link stored before the rules that is not followable is not sent.
      ...(b.linkageType === "GAME" || followableLink(b.linkage, b.external)
        ? { linkageType: b.linkageType, linkage: b.linkage }
        : { linkageType: null, linkage: null }),
      external: b.external,
      alt: pick(b.alt, lang),
      title: b.title ? pick(b.title, lang) : null,
      subtitle: b.subtitle ? pick(b.subtitle, lang) : null,
    }),
  );
}

/** Enabled notices of the types given; `execution` keeps only those in their display window. */
export async function noticesOf(
  exec: Executor,
  types: readonly Notice["type"][],
  lang: Lang,
  execution: boolean,
  reader: "players" | "agents" = "players",
): Promise<Notice[]> {
  const rows = await repo.noticeRows(exec, types, execution, reader);
  return rows.map((n) => ({
    id: n.id,
    title: pick(n.title, lang),
    content: pick(n.content, lang),
    external: n.external,
    type: n.type,
    publishedAt: (n.startsAt ?? n.createdAt).toISOString(),
  }));
}

export async function seoEntries(exec: Executor, lang: Lang): Promise<SeoEntry[]> {
  const rows = await repo.seoRows(exec);
  return rows.map(
    (r): SeoEntry => ({ path: r.path, title: pick(r.title, lang), description: pick(r.description, lang) }),
  );
}

/** A stored public image (banners, logos), by id. */
export function storedMedia(exec: Executor, id: number) {
  return repo.mediaById(exec, id);
}

/** Stores image bytes once (by their SHA-256) and answers the stored image's id. */
export function storeMediaBytes(exec: Executor, bytes: Buffer, contentType: string, sha256: string) {
  return repo.insertMedia(exec, bytes, contentType, sha256);
}

/** A stored public image with this id exists. */
export function mediaExists(exec: Executor, id: number): Promise<boolean> {
  return repo.mediaExists(exec, id);
}

// The back office's editing of the site's content (notices, banners, help, resources, SEO).
export {
  bannerStore,
  type ContentStore,
  helpArticleStore,
  helpCategoryStore,
  noticeStore,
  replaceSeo,
  resourceStore,
  seoList,
} from "./editing.ts";
