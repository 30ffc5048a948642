import { z } from "zod";
import { LangCode } from "./envelope.ts";

/**
 * Public content and system calls (spec §2, §3, §7 "Common", the permission response).
 * All are open (no token). Texts come back already resolved to the caller's language,
 * chosen by the `X-Lang` header (default TY).
 */

// ---------- module switches (spec §3 menu tree) ----------
export const ModuleIds = [
  "MOBILENUMREG3",
  "REGMOBVERF3",
  "MOBILENUMPASSREG3",
  "USERNAMEREG3",
  "FREEPLAY3",
  "PWDEXPFORCECHANGE3",
  "MOBILEVERCODELOGIN3",
  "CHNGPASSVERIF3",
  "CHNGPASSMAIL3",
  "CBS3",
  "AGENTPOLICY3",
] as const;
export const ModuleId = z.enum(ModuleIds);
export type ModuleId = z.infer<typeof ModuleId>;
/** Call feature ids (spec §3): groups of calls a switch may turn off. */
export const FeatureIds = ["COMM3", "REG3", "PASS3", "PTSYS3"] as const;

export interface MenuNode {
  modId: string;
  /** '1' on, '0' off (spec §3). */
  enabled: "1" | "0";
  childrenNodes: MenuNode[];
}
export const MenuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({ modId: z.string(), enabled: z.enum(["1", "0"]), childrenNodes: z.array(MenuNode) }),
);
/** GET /wps/system/whitelabel → the tree; groups REGGRP and HOMEPAGE at the top. */
export const WhitelabelValue = z.array(MenuNode);

// ---------- resources (social links, app downloads, customer service) ----------
export const ResourceTypes = [
  "FACEBOOK",
  "INSTAGRAM",
  "TWITTER",
  "YOUTUBE",
  "TELEGRAM",
  "IOS_APP",
  "ANDROID_APP",
  "CUSTOMER_SERVICE",
  "VIP_SERVICE",
] as const;
export const ResourceType = z.enum(ResourceTypes);
export type ResourceType = z.infer<typeof ResourceType>;
export const Resource = z.object({
  resourceType: ResourceType,
  url: z.string(),
  /** A QR code image (SVG) of `url`, served by the platform; null where a QR makes no sense. */
  qrCodeUrl: z.string().nullable(),
});
export type Resource = z.infer<typeof Resource>;

// ---------- system status / permission response ----------
/** spec §4: 0 normal, 1 maintenance, 2 region-blocked. */
export const SystemStatusCode = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const Brand = z.object({
  name: z.string(),
  logoUrl: z.string(),
  /** ISO currency and the symbol shown beside amounts (₱). */
  currency: z.string(),
  currencySymbol: z.string(),
  platform: z.literal("WEB"),
  device: z.literal("WEB"),
  lotteryType: z.literal("SEA"),
  aboutText: z.string(),
  copyright: z.string(),
  /** spec §2 redirect rule: visitors without a session go to /login. */
  loggedInToHome: z.boolean(),
  /** Header register button (spec §2 "when direct registration is enabled"). */
  directRegister: z.boolean(),
  /** Age players must confirm (spec §5: 18 or 21). */
  minimumAge: z.union([z.literal(18), z.literal(21)]),
});
export type Brand = z.infer<typeof Brand>;

export const SystemStatusQuery = z.object({
  permission: z.string().max(64).optional(),
  host: z.string().max(255).optional(),
});
export const SystemStatusValue = z.object({
  systemStatus: SystemStatusCode,
  brand: Brand,
  /** modId → enabled (spec §3 whitelabelVal). */
  whitelabel: z.record(z.string(), z.boolean()),
  register: z.object({ directRegister: z.boolean(), mobileRegPass: z.boolean() }),
  resources: z.array(Resource),
  customerService: z.object({ url: z.string().nullable(), vipUrl: z.string().nullable() }),
  analytics: z.object({ gtagId: z.string().nullable() }),
  imageCDNs: z.array(z.string()),
  launchGameCDNs: z.array(z.string()),
  location: z.object({ ip: z.string(), countryCode: z.string().nullable() }),
  maintenance: z.object({ enabled: z.boolean(), title: z.string(), info: z.string() }),
  regionRestriction: z.object({ blocked: z.boolean(), info: z.string() }),
  /** Demo mode (DEMO_MODE): the site shows a "Demo" bar on every page; no real money moves. */
  demo: z.boolean(),
});
export type SystemStatusValue = z.infer<typeof SystemStatusValue>;

// ---------- routes to other domains (spec §7 domainRoute) ----------
export const DomainRouteValue = z.object({
  routers: z.array(z.object({ type: z.enum(["API", "GAME", "IMAGE", "WEB"]), url: z.string() })),
});

// ---------- help centre ----------
export const HelpArticle = z.object({ id: z.number().int(), title: z.string(), content: z.string() });
export const HelpCategory = z.object({
  id: z.number().int(),
  title: z.string(),
  articles: z.array(HelpArticle),
});
export const HelpCenterValue = z.array(HelpCategory);
export type HelpCategory = z.infer<typeof HelpCategory>;

// ---------- banners (spec §3, §2 banner groups) ----------
export const BannerGroups = [
  "home",
  "rng",
  "live",
  "fish",
  "pvp",
  "sports",
  "esports",
  "lottery",
  "download",
  "promotions",
  "shop",
  "help",
  "ybg",
  "pg",
  "w_login",
  "w_reg",
  "w_deposit20",
  "w_bet20",
] as const;
export const BannerGroup = z.enum(BannerGroups);
export type BannerGroup = z.infer<typeof BannerGroup>;
export const Banner = z.object({
  bannerId: z.number().int(),
  groupName: BannerGroup,
  url: z.string(),
  /** When set the image is clickable (spec §3): ROUTE (in-site path), URL (new tab), GAME (launch). */
  linkageType: z.enum(["ROUTE", "URL", "GAME"]).nullable(),
  linkage: z.string().nullable(),
  /** The operator marked the link as leaving the site: only then is an absolute address followed. */
  external: z.boolean(),
  alt: z.string(),
  /** The caption the site lays over the image, in the caller's language (null: none). */
  title: z.string().nullable().optional(),
  subtitle: z.string().nullable().optional(),
});
export type Banner = z.infer<typeof Banner>;
/** GET /wps/system/banners?groups=home,rng → the live banners of those groups, in order. */
export const BannersQuery = z.object({
  groups: z
    .string()
    .max(200)
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      const list = s.split(",").map((g) => g.trim());
      for (const g of list) {
        if (!BannerGroup.safeParse(g).success) {
          ctx.addIssue({ code: "custom", message: `Unknown banner group ${g}` });
          return z.NEVER;
        }
      }
      return list as BannerGroup[]; // each element checked just above
    }),
});
export const BannersValue = z.array(Banner);

// ---------- announcements and notices ----------
/** spec §7: B bulletin (executed), PL popup after login, PU popup on landing, PR promotion, H home marquee. */
export const AnnouncementType = z.enum(["B", "PL", "PU", "PR", "H"]);
export type AnnouncementType = z.infer<typeof AnnouncementType>;
export const Notice = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Sanitised HTML: safe to render; scripts, handlers and foreign frames are removed on save. */
  content: z.string(),
  /** The operator marked the text's links as leaving the site: only then are absolute links followed. */
  external: z.boolean(),
  type: AnnouncementType,
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof Notice>;
/** POST /wps/relay/MCSFE_getListAnnouncements */
export const AnnouncementsRequest = z.object({
  types: z.array(AnnouncementType).min(1).max(5).default(["B"]),
  platform: z.literal("W").default("W"),
  /** spec §3 "B is executed": only announcements in force now. */
  execution: z.boolean().default(true),
});
export const AnnouncementsValue = z.array(Notice);
/** GET /wps/notice/home → the marquee notices (type H, newest first). */
export const HomeNoticeValue = z.array(Notice);

// ---------- search texts (spec §2 per-route titles and descriptions) ----------
export const SeoEntry = z.object({ path: z.string(), title: z.string(), description: z.string() });
export const SeoValue = z.array(SeoEntry);
export type SeoEntry = z.infer<typeof SeoEntry>;

// ---------- game menus for the nav (spec §2 header nav, §3 vendor) ----------
export const GameCategories = [
  "SPORTS",
  "ESPORTS",
  "RNG",
  "BINGO",
  "LIVE",
  "FISH",
  "PVP",
  "LOTT",
  "ELOTT",
  "COCKFIGHT",
] as const;
export const GameCategory = z.enum(GameCategories);
export type GameCategory = z.infer<typeof GameCategory>;
export const Vendor = z.object({
  nodeId: z.number().int(),
  vassalage: z.string(),
  gameType: GameCategory,
  accountTypeId: z.number().int(),
  displayName: z.string(),
  smallIcon: z.string(),
  logo: z.string(),
  logoHover: z.string(),
  isHot: z.union([z.literal(0), z.literal(1)]),
});
export type Vendor = z.infer<typeof Vendor>;
export const GameMenu = z.object({ gameType: GameCategory, vendors: z.array(Vendor) });
export type GameMenu = z.infer<typeof GameMenu>;
/** GET /lgw/games/game_menus → categories that have vendors, in nav order. */
export const GameMenusValue = z.array(GameMenu);

// ---------- language ----------
/** PUT /wps/member/language: stored in a cookie for guests, on the member once logged in. */
export const LanguageUpdateRequest = z.object({ language: LangCode });
