import type {
  AdminBannerInput,
  AdminHelpArticleInput,
  AdminHelpCategoryInput,
  AdminNoticeInput,
  AdminResourceInput,
  AdminSeoValue,
} from "@panalo/contracts/admin";
import { linkKind, linkProblem } from "@panalo/contracts/links";
import type { z } from "zod";
import type { Executor } from "../../db/client.ts";
import type { banners, helpArticles, helpCategories, notices, resources } from "../../db/schema/content.ts";
import { Errors } from "../../lib/errors.ts";
import {
  bannerRepo,
  helpArticleRepo,
  helpCategoryRepo,
  noticeRepo,
  replaceSeoRows,
  resourceRepo,
  seoRows,
} from "./repo.ts";
import { cleanTexts, linksIn, plainTexts } from "./texts.ts";

/**
 * The back office's editing of the site's content: what an editor sees of each item and the
 * checks a change passes before it is stored. Each store is read and written by the back
 * office's generic editing calls (admin's crudRoutes), which add the optimistic version check's
 * answer and the audit.
 */
export interface ContentStore<I, R extends { id: number; version: number }> {
  list(exec: Executor): Promise<R[]>;
  get(exec: Executor, id: number): Promise<R | undefined>;
  insert(exec: Executor, input: I): Promise<R>;
  /** Update only when the stored version equals `version`; answers the new row or undefined. */
  update(exec: Executor, id: number, version: number, input: I): Promise<R | undefined>;
  remove(exec: Executor, id: number): Promise<void>;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dateOrNull = (s: string | null) => (s ? new Date(s) : null);

// ---- notices ----

type NoticeIn = z.infer<typeof AdminNoticeInput>;
const noticeDto = (n: typeof notices.$inferSelect) => ({
  id: n.id,
  type: n.type,
  title: n.title,
  content: n.content,
  external: n.external,
  audience: n.audience,
  startsAt: iso(n.startsAt),
  endsAt: iso(n.endsAt),
  sortOrder: n.sortOrder,
  enabled: n.enabled,
  version: n.version,
  updatedAt: n.updatedAt.toISOString(),
});
const noticeFields = (i: NoticeIn) => ({
  type: i.type,
  title: plainTexts(i.title),
  content: cleanTexts(i.content),
  external: i.external,
  audience: i.audience,
  startsAt: dateOrNull(i.startsAt),
  endsAt: dateOrNull(i.endsAt),
  sortOrder: i.sortOrder,
  enabled: i.enabled,
});
const noticeValues = (i: NoticeIn) => {
  // A link in the text stays on the site ("/…", never "//" or "/\\") unless the notice is
  // marked external; anything else (javascript:, "//host") is refused, not dropped.
  for (const [lang, html] of Object.entries(i.content)) {
    for (const href of linksIn(html ?? "")) {
      const problem = linkProblem(href, i.external);
      if (problem) throw Errors.validation([{ path: `content.${lang}`, message: problem }]);
    }
  }
  return noticeFields(i);
};
export const noticeStore: ContentStore<NoticeIn, ReturnType<typeof noticeDto>> = {
  list: async (e) => (await noticeRepo.list(e)).map(noticeDto),
  get: async (e, id) => {
    const r = await noticeRepo.get(e, id);
    return r ? noticeDto(r) : undefined;
  },
  insert: async (e, i) => {
    const r = await noticeRepo.insert(e, noticeValues(i));
    if (!r) throw Errors.internal();
    return noticeDto(r);
  },
  update: async (e, id, version, i) => {
    const r = await noticeRepo.update(e, id, version, noticeValues(i));
    return r ? noticeDto(r) : undefined;
  },
  remove: (e, id) => noticeRepo.remove(e, id),
};

// ---- banners ----

type BannerIn = z.infer<typeof AdminBannerInput>;
const bannerDto = (b: typeof banners.$inferSelect) => ({
  id: b.id,
  groupName: b.groupName,
  imageUrl: b.imageUrl,
  alt: b.alt,
  title: b.title,
  subtitle: b.subtitle,
  linkageType: b.linkageType,
  linkage: b.linkage,
  external: b.external,
  sortOrder: b.sortOrder,
  enabled: b.enabled,
  startsAt: iso(b.startsAt),
  endsAt: iso(b.endsAt),
  version: b.version,
  updatedAt: b.updatedAt.toISOString(),
});
const bannerValues = (i: BannerIn) => {
  // A route is an in-site path with a single leading "/"; an address may leave the site only
  // when the operator marked the banner external ("//host", "/\\host", javascript: and the like
  // are refused).
  let external = false;
  if ((i.linkageType === "ROUTE" || i.linkageType === "URL") && i.linkage) {
    const kind = linkKind(i.linkage);
    if (kind === "invalid" || (i.linkageType === "ROUTE" && kind !== "internal")) {
      throw Errors.validation([{ path: "linkage", message: "link_invalid" }]);
    }
    if (kind === "external" && !/^https?:\/\//i.test(i.linkage)) {
      throw Errors.validation([{ path: "linkage", message: "link_invalid" }]);
    }
    const problem = linkProblem(i.linkage, i.external);
    if (problem) throw Errors.validation([{ path: "linkage", message: problem }]);
    external = kind === "external";
  }
  if (!/^(\/media\/|https:\/\/)/.test(i.imageUrl)) {
    throw Errors.validation([{ path: "imageUrl", message: "Upload the image or give an https:// address" }]);
  }
  return {
    groupName: i.groupName,
    imageUrl: i.imageUrl,
    alt: plainTexts(i.alt),
    title: i.title ? plainTexts(i.title) : null,
    subtitle: i.subtitle ? plainTexts(i.subtitle) : null,
    linkageType: i.linkageType,
    linkage: i.linkageType ? i.linkage : null,
    external,
    sortOrder: i.sortOrder,
    enabled: i.enabled,
    startsAt: dateOrNull(i.startsAt),
    endsAt: dateOrNull(i.endsAt),
  };
};
export const bannerStore: ContentStore<BannerIn, ReturnType<typeof bannerDto>> = {
  list: async (e) => (await bannerRepo.list(e)).map(bannerDto),
  get: async (e, id) => {
    const r = await bannerRepo.get(e, id);
    return r ? bannerDto(r) : undefined;
  },
  insert: async (e, i) => {
    const r = await bannerRepo.insert(e, bannerValues(i));
    if (!r) throw Errors.internal();
    return bannerDto(r);
  },
  update: async (e, id, version, i) => {
    const r = await bannerRepo.update(e, id, version, bannerValues(i));
    return r ? bannerDto(r) : undefined;
  },
  remove: (e, id) => bannerRepo.remove(e, id),
};

// ---- help centre ----

type CatIn = z.infer<typeof AdminHelpCategoryInput>;
const catDto = (c: typeof helpCategories.$inferSelect) => ({
  id: c.id,
  title: c.title,
  sortOrder: c.sortOrder,
  enabled: c.enabled,
  version: c.version,
});
const catValues = (i: CatIn) => ({
  title: plainTexts(i.title),
  sortOrder: i.sortOrder,
  enabled: i.enabled,
});
export const helpCategoryStore: ContentStore<CatIn, ReturnType<typeof catDto>> = {
  list: async (e) => (await helpCategoryRepo.list(e)).map(catDto),
  get: async (e, id) => {
    const r = await helpCategoryRepo.get(e, id);
    return r ? catDto(r) : undefined;
  },
  insert: async (e, i) => {
    const r = await helpCategoryRepo.insert(e, catValues(i));
    if (!r) throw Errors.internal();
    return catDto(r);
  },
  update: async (e, id, version, i) => {
    const r = await helpCategoryRepo.update(e, id, version, catValues(i));
    return r ? catDto(r) : undefined;
  },
  remove: (e, id) => helpCategoryRepo.remove(e, id),
};

type ArtIn = z.infer<typeof AdminHelpArticleInput>;
const artDto = (a: typeof helpArticles.$inferSelect) => ({
  id: a.id,
  categoryId: a.categoryId,
  title: a.title,
  content: a.content,
  sortOrder: a.sortOrder,
  enabled: a.enabled,
  version: a.version,
});
const artValues = async (e: Executor, i: ArtIn) => {
  if (!(await helpCategoryRepo.exists(e, i.categoryId)))
    throw Errors.validation([{ path: "categoryId", message: "That help category does not exist" }]);
  return {
    categoryId: i.categoryId,
    title: plainTexts(i.title),
    content: cleanTexts(i.content),
    sortOrder: i.sortOrder,
    enabled: i.enabled,
  };
};
export const helpArticleStore: ContentStore<ArtIn, ReturnType<typeof artDto>> = {
  list: async (e) => (await helpArticleRepo.list(e)).map(artDto),
  get: async (e, id) => {
    const r = await helpArticleRepo.get(e, id);
    return r ? artDto(r) : undefined;
  },
  insert: async (e, i) => {
    const r = await helpArticleRepo.insert(e, await artValues(e, i));
    if (!r) throw Errors.internal();
    return artDto(r);
  },
  update: async (e, id, version, i) => {
    const r = await helpArticleRepo.update(e, id, version, await artValues(e, i));
    return r ? artDto(r) : undefined;
  },
  remove: (e, id) => helpArticleRepo.remove(e, id),
};

// ---- resources ----

type ResIn = z.infer<typeof AdminResourceInput>;
const resDto = (r: typeof resources.$inferSelect) => ({
  id: r.id,
  resourceType: r.resourceType,
  url: r.url,
  enabled: r.enabled,
  version: r.version,
});
const resValues = (i: ResIn) => ({ resourceType: i.resourceType, url: i.url, enabled: i.enabled });
export const resourceStore: ContentStore<ResIn, ReturnType<typeof resDto>> = {
  list: async (e) => (await resourceRepo.list(e)).map(resDto),
  get: async (e, id) => {
    const r = await resourceRepo.get(e, id);
    return r ? resDto(r) : undefined;
  },
  insert: async (e, i) => {
    const r = await resourceRepo.insert(e, resValues(i));
    if (!r) throw Errors.conflict("RESOURCE_EXISTS");
    return resDto(r);
  },
  update: async (e, id, version, i) => {
    const r = await resourceRepo.update(e, id, version, resValues(i));
    return r ? resDto(r) : undefined;
  },
  remove: (e, id) => resourceRepo.remove(e, id),
};

// ---- search texts: the whole list at once ----

export async function seoList(exec: Executor) {
  return (await seoRows(exec)).map((r) => ({ path: r.path, title: r.title, description: r.description }));
}

/** Replace every SEO text; each path may appear once. Call it inside the caller's transaction. */
export async function replaceSeo(exec: Executor, body: z.infer<typeof AdminSeoValue>): Promise<void> {
  await replaceSeoRows(
    exec,
    body.map((e) => ({ path: e.path, title: plainTexts(e.title), description: plainTexts(e.description) })),
  );
}
