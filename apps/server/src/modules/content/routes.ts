import {
  AnnouncementsRequest,
  type Banner,
  BannersQuery,
  GameCategories,
  type GameCategory,
  type HelpCategory,
  LanguageUpdateRequest,
  type MenuNode,
  type Notice,
  type Resource,
  type ResourceType,
  type SeoEntry,
  SystemStatusQuery,
  type SystemStatusValue,
  type Vendor,
} from "@panalo/contracts/content";
import { Id } from "@panalo/contracts/input";
import { followableLink } from "@panalo/contracts/links";
import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import {
  banners,
  helpArticles,
  helpCategories,
  media,
  notices,
  resources,
  seoTexts,
} from "../../db/schema/content.ts";
import { gameVendors } from "../../db/schema/games.ts";
import { members } from "../../db/schema/members.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import type { Lang } from "../../lib/messages.ts";
import { route } from "../../lib/route.ts";
import { bearerToken, sessionMember } from "../members/service.ts";
import { countryOf, isBlocked } from "./region.ts";
import { readSettings } from "./settings.ts";
import { pick } from "./texts.ts";

/** Resources that are app downloads or chat links get a QR code the site can show. */
const QR_TYPES: readonly ResourceType[] = ["IOS_APP", "ANDROID_APP", "TELEGRAM"];

/** Module switches grouped as the spec's menu tree (§3): registration group and home page group. */
const MENU_GROUPS: Record<string, readonly string[]> = {
  REGGRP: ["USERNAMEREG3", "MOBILENUMREG3", "REGMOBVERF3", "MOBILENUMPASSREG3", "FREEPLAY3"],
  HOMEPAGE: [
    "PWDEXPFORCECHANGE3",
    "MOBILEVERCODELOGIN3",
    "CHNGPASSVERIF3",
    "CHNGPASSMAIL3",
    "CBS3",
    "AGENTPOLICY3",
  ],
};

/**
 * Public content and system calls (spec §2, §3, §7 "Common"). Open to every visitor; texts
 * come back in the caller's language (X-Lang, default TY). These are read on every page load,
 * so each is one indexed query.
 */
export async function contentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;

  /** Items in their display window: not started later than now, not ended before now. */
  const live = (t: typeof banners | typeof notices) =>
    and(
      eq(t.enabled, true),
      or(isNull(t.startsAt), lte(t.startsAt, sql`now()`)),
      or(isNull(t.endsAt), gt(t.endsAt, sql`now()`)),
    );

  async function resourceList(): Promise<Resource[]> {
    const rows = await db
      .select({ type: resources.resourceType, url: resources.url })
      .from(resources)
      .where(eq(resources.enabled, true))
      .orderBy(asc(resources.id));
    return rows.map((r) => ({
      resourceType: r.type as ResourceType, // CHECKed on write by the admin schema
      url: r.url,
      qrCodeUrl: QR_TYPES.includes(r.type as ResourceType) ? `/media/qr/${r.type}.svg` : null,
    }));
  }

  // ---- system status: the permission response (spec §4 status codes 0/1/2) ----
  route(app, { method: "GET", url: "/wps/system/status", query: SystemStatusQuery }, async ({ lang, ip }) => {
    const [s, resourceRows] = await Promise.all([
      readSettings(db, ["brand", "whitelabel", "maintenance", "region", "launchGameCDNs", "imageCDNs"]),
      resourceList(),
    ]);
    const blocked = isBlocked(s.region, ip);
    const value: SystemStatusValue = {
      systemStatus: s.maintenance.enabled ? 1 : blocked ? 2 : 0,
      brand: {
        name: s.brand.name,
        logoUrl: s.brand.logoUrl,
        currency: s.brand.currency,
        currencySymbol: s.brand.currencySymbol,
        platform: "WEB",
        device: "WEB",
        lotteryType: "SEA",
        aboutText: pick(s.brand.aboutText, lang),
        copyright: s.brand.copyright,
        loggedInToHome: s.brand.loggedInToHome,
        directRegister: s.brand.directRegister,
        minimumAge: s.brand.minimumAge,
      },
      whitelabel: { ...s.whitelabel.switches },
      register: { directRegister: s.brand.directRegister, mobileRegPass: s.brand.mobileRegPass },
      resources: resourceRows,
      customerService: { url: s.brand.customerServiceUrl, vipUrl: s.brand.vipServiceUrl },
      analytics: { gtagId: s.brand.gtagId },
      // The operator's lists (back office → CDNs); the site and launches pick one at random.
      imageCDNs: s.imageCDNs,
      launchGameCDNs: s.launchGameCDNs,
      location: { ip, countryCode: countryOf(ip) },
      demo: ctx.config.DEMO_MODE,
      maintenance: {
        enabled: s.maintenance.enabled,
        title: pick(s.maintenance.title, lang),
        info: pick(s.maintenance.info, lang),
      },
      regionRestriction: { blocked, info: pick(s.region.info, lang) },
    };
    return value;
  });

  route(app, { method: "GET", url: "/wps/system/whitelabel" }, async () => {
    const { whitelabel } = await readSettings(db, ["whitelabel"]);
    const node = (modId: string): MenuNode => ({
      modId,
      enabled: whitelabel.switches[modId as keyof typeof whitelabel.switches] ? "1" : "0",
      childrenNodes: [],
    });
    return Object.entries(MENU_GROUPS).map(
      ([group, ids]): MenuNode => ({ modId: group, enabled: "1", childrenNodes: ids.map(node) }),
    );
  });

  route(app, { method: "GET", url: "/wps/system/domainRoute" }, async () => {
    const base = ctx.config.PUBLIC_URL.replace(/\/$/, "");
    return {
      routers: [
        { type: "API" as const, url: base },
        { type: "GAME" as const, url: `${base}/rgs` },
        { type: "IMAGE" as const, url: `${base}/media` },
        { type: "WEB" as const, url: base },
      ],
    };
  });

  route(app, { method: "GET", url: "/wps/system/helpCenter" }, async ({ lang }) => {
    const [cats, arts] = await Promise.all([
      db
        .select()
        .from(helpCategories)
        .where(eq(helpCategories.enabled, true))
        .orderBy(asc(helpCategories.sortOrder), asc(helpCategories.id)),
      db
        .select()
        .from(helpArticles)
        .where(eq(helpArticles.enabled, true))
        .orderBy(asc(helpArticles.sortOrder), asc(helpArticles.id)),
    ]);
    return cats.map(
      (c): HelpCategory => ({
        id: c.id,
        title: pick(c.title, lang),
        articles: arts
          .filter((a) => a.categoryId === c.id)
          .map((a) => ({ id: a.id, title: pick(a.title, lang), content: pick(a.content, lang) })),
      }),
    );
  });

  route(app, { method: "GET", url: "/wps/system/banners", query: BannersQuery }, async ({ query, lang }) => {
    const rows = await db
      .select()
      .from(banners)
      .where(and(live(banners), query.groups ? inArray(banners.groupName, query.groups) : undefined))
      .orderBy(asc(banners.groupName), asc(banners.sortOrder), asc(banners.id));
    return rows.map(
      (b): Banner => ({
        bannerId: b.id,
        groupName: b.groupName as Banner["groupName"], // checked by the admin schema on write
        url: b.imageUrl,
        // A route or address link stored before the rules (issue 12) that is not followable is not sent.
        ...(b.linkageType === "GAME" || followableLink(b.linkage, b.external)
          ? { linkageType: b.linkageType, linkage: b.linkage }
          : { linkageType: null, linkage: null }),
        external: b.external,
        alt: pick(b.alt, lang),
      }),
    );
  });

  const noticesOf = async (
    types: readonly Notice["type"][],
    lang: Lang,
    execution: boolean,
  ): Promise<Notice[]> => {
    const rows = await db
      .select()
      .from(notices)
      .where(and(execution ? live(notices) : eq(notices.enabled, true), inArray(notices.type, [...types])))
      .orderBy(
        asc(notices.sortOrder),
        sql`coalesce(${notices.startsAt}, ${notices.createdAt}) DESC`,
        asc(notices.id),
      );
    return rows.map((n) => ({
      id: n.id,
      title: pick(n.title, lang),
      content: pick(n.content, lang),
      external: n.external,
      type: n.type,
      publishedAt: (n.startsAt ?? n.createdAt).toISOString(),
    }));
  };

  route(
    app,
    { method: "POST", url: "/wps/relay/MCSFE_getListAnnouncements", body: AnnouncementsRequest },
    async ({ body, lang }) => noticesOf(body.types, lang, body.execution),
  );

  route(app, { method: "GET", url: "/wps/notice/home" }, async ({ lang }) => noticesOf(["H"], lang, true));

  route(app, { method: "GET", url: "/wps/system/resources" }, async () => resourceList());

  route(app, { method: "GET", url: "/wps/system/seo" }, async ({ lang }) => {
    const rows = await db.select().from(seoTexts).orderBy(asc(seoTexts.path));
    return rows.map(
      (r): SeoEntry => ({ path: r.path, title: pick(r.title, lang), description: pick(r.description, lang) }),
    );
  });

  /** Categories that have vendors build the nav, in the spec's order (§2 header nav). */
  const NAV_ORDER: readonly GameCategory[] = [
    "RNG",
    "LIVE",
    "SPORTS",
    "COCKFIGHT",
    "LOTT",
    "ESPORTS",
    "ELOTT",
    "FISH",
    "PVP",
    "BINGO",
  ];
  route(app, { method: "GET", url: "/lgw/games/game_menus" }, async () => {
    const rows = await db
      .select()
      .from(gameVendors)
      .where(eq(gameVendors.enabled, true))
      .orderBy(asc(gameVendors.sort), asc(gameVendors.nodeId));
    const byType = new Map<GameCategory, Vendor[]>();
    for (const v of rows) {
      const type = v.gameType as GameCategory; // checked on write
      if (!GameCategories.includes(type)) continue;
      const list = byType.get(type) ?? [];
      list.push({
        nodeId: v.nodeId,
        vassalage: v.vassalage,
        gameType: type,
        accountTypeId: v.accountTypeId,
        displayName: v.displayName,
        smallIcon: v.smallIcon,
        logo: v.logo,
        logoHover: v.logoHover,
        isHot: v.isHot ? 1 : 0,
      });
      byType.set(type, list);
    }
    return NAV_ORDER.filter((t) => byType.has(t)).map((t) => ({ gameType: t, vendors: byType.get(t) ?? [] }));
  });

  // Guests keep their language in a cookie; a member's is stored on the member (accounts issue).
  route(
    app,
    { method: "PUT", url: "/wps/member/language", body: LanguageUpdateRequest },
    async ({ body, reply, req }) => {
      const token = bearerToken(req);
      const member = token ? await sessionMember(ctx, token) : null;
      if (member) await db.update(members).set({ language: body.language }).where(eq(members.id, member.id));
      reply.setCookie("panalo_lang", body.language, {
        path: "/",
        sameSite: "lax",
        httpOnly: false,
        maxAge: 365 * 24 * 3600,
      });
      return { language: body.language };
    },
  );

  // ---- media: uploaded images and QR codes ----
  app.get("/media/:id", async (req, reply) => {
    const parsed = z.object({ id: Id }).safeParse(req.params);
    if (!parsed.success) throw Errors.notFound("image");
    const [row] = await db
      .select({ contentType: media.contentType, bytes: media.bytes, sha: media.sha256 })
      .from(media)
      .where(eq(media.id, parsed.data.id));
    if (!row) throw Errors.notFound("image");
    reply.header("cache-control", "public, max-age=31536000, immutable");
    reply.header("etag", `"${row.sha}"`);
    // Uploaded SVG is served as an image that may not run script even when opened directly.
    reply.header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.type(row.contentType).send(row.bytes);
  });

  app.get("/media/qr/:type", async (req, reply) => {
    const parsed = z.object({ type: z.string().regex(/^[A-Z_]+\.svg$/) }).safeParse(req.params);
    if (!parsed.success) throw Errors.notFound("QR code");
    const type = parsed.data.type.replace(/\.svg$/, "");
    if (!QR_TYPES.includes(type as ResourceType)) throw Errors.notFound("QR code");
    const [row] = await db
      .select({ url: resources.url })
      .from(resources)
      .where(and(eq(resources.resourceType, type), eq(resources.enabled, true)));
    if (!row) throw Errors.notFound("QR code");
    const svg = await QRCode.toString(row.url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    reply.header("cache-control", "public, max-age=300");
    return reply.type("image/svg+xml").send(svg);
  });
}
