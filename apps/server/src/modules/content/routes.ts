import {
  AnnouncementsRequest,
  BannersQuery,
  type MenuNode,
  SystemStatusQuery,
  type SystemStatusValue,
} from "@panalo/contracts/content";
import { Id } from "@panalo/contracts/input";
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import {
  countryOf,
  helpCenter,
  isBlocked,
  liveBanners,
  noticesOf,
  pick,
  qrTarget,
  readSettings,
  resourceList,
  seoEntries,
  storedMedia,
} from "./service.ts";

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

  // ---- system status: the permission response (spec §4 status codes 0/1/2) ----
  route(app, { method: "GET", url: "/wps/system/status", query: SystemStatusQuery }, async ({ lang, ip }) => {
    const [s, resourceRows] = await Promise.all([
      readSettings(db, ["brand", "whitelabel", "maintenance", "region", "launchGameCDNs", "imageCDNs"]),
      resourceList(db),
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

  route(app, { method: "GET", url: "/wps/system/helpCenter" }, async ({ lang }) => helpCenter(db, lang));

  route(app, { method: "GET", url: "/wps/system/banners", query: BannersQuery }, async ({ query, lang }) =>
    liveBanners(db, query.groups, lang),
  );

  route(
    app,
    { method: "POST", url: "/wps/relay/MCSFE_getListAnnouncements", body: AnnouncementsRequest },
    async ({ body, lang }) => noticesOf(db, body.types, lang, body.execution),
  );

  route(app, { method: "GET", url: "/wps/notice/home" }, async ({ lang }) =>
    noticesOf(db, ["H"], lang, true),
  );

  route(app, { method: "GET", url: "/wps/system/resources" }, async () => resourceList(db));

  route(app, { method: "GET", url: "/wps/system/seo" }, async ({ lang }) => seoEntries(db, lang));

  // ---- media: uploaded images and QR codes ----
  app.get("/media/:id", async (req, reply) => {
    const parsed = z.object({ id: Id }).safeParse(req.params);
    if (!parsed.success) throw Errors.notFound("image");
    const row = await storedMedia(db, parsed.data.id);
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
    const url = await qrTarget(db, type);
    if (url === undefined) throw Errors.notFound("QR code");
    const svg = await QRCode.toString(url, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    reply.header("cache-control", "public, max-age=300");
    return reply.type("image/svg+xml").send(svg);
  });
}
