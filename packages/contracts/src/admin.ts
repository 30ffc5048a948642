import { z } from "zod";
import { Permission, Role } from "./admin-roles.ts";
import { BannerGroup, ModuleId, ResourceType } from "./content.ts";
import { LocalizedText } from "./envelope.ts";
import { Id, INT4_MAX, intInput } from "./input.ts";
import { DayFilter, listQuery } from "./list-query.ts";
import { amountText } from "./money.ts";

/**
 * Back-office calls, all under /api/admin. Every answer uses the spec's envelope
 * `{ success, code?, message?, value? }`. The session is the httpOnly cookie `panalo_admin`;
 * every call that is not GET must carry the header `X-Requested-With: panalo-admin`.
 */

// ---------- session ----------
/** POST /api/admin/session */
export const AdminLoginRequest = z.object({
  username: z.string().trim().min(3).max(40),
  password: z.string().min(1).max(200),
  /** Six digits from the operator's authenticator app (RFC 6238, 30 s). */
  totp: z.string().regex(/^\d{6}$/, "Enter the six digits from your authenticator app"),
});
export const OperatorSelf = z.object({
  id: z.number().int(),
  username: z.string(),
  role: Role,
  permissions: z.array(Permission),
  /** True when the password was generated for the operator; the UI asks for a new one first. */
  mustChangePassword: z.boolean(),
});
export type OperatorSelf = z.infer<typeof OperatorSelf>;
/** GET /api/admin/session → OperatorSelf (401 UNAUTHORIZED when not signed in). DELETE signs out. */

/** POST /api/admin/session/password */
export const AdminPasswordChange = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: z
    .string()
    .min(12, "Use at least 12 characters")
    .max(200)
    .regex(/[A-Za-z]/, "Use letters and digits")
    .regex(/\d/, "Use letters and digits"),
});

// ---------- operators (owner) ----------
export const OperatorRow = z.object({
  id: z.number().int(),
  username: z.string(),
  role: Role,
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
/** POST /api/admin/operators → { operator, password, totpSecret, otpauthUrl } shown once. */
export const OperatorCreate = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]{2,39}$/, "3–40 lower-case letters, digits, dot, dash or underscore"),
  role: Role,
});
/** PUT /api/admin/operators/:id */
export const OperatorUpdate = z.object({ role: Role, disabled: z.boolean() });

// ---------- content ----------
const isoDate = z.iso.datetime({ offset: true });
export const IdParams = z.object({ id: Id });

/**
 * GET /api/admin/notices → AdminNotice[]; POST creates; PUT /:id updates with the body = the input
 * fields plus `version` (the one loaded; otherwise 409 VERSION_CONFLICT); DELETE /:id.
 */
export const AdminNoticeInput = z.object({
  type: z.enum(["B", "PL", "PU", "PR", "H"]),
  title: LocalizedText,
  /** HTML; sanitised by the server on save. */
  content: LocalizedText,
  /** Links in the text may leave the site (new tab, noopener); otherwise only in-site paths "/…". */
  external: z.boolean().default(false),
  /** Everyone (the site, and agents in their centre), or agents only (the agent centre's announcements). */
  audience: z.enum(["all", "agents"]).default("all"),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
  sortOrder: z.number().int().min(0).max(100000),
  enabled: z.boolean(),
});
export const AdminNotice = AdminNoticeInput.extend({
  id: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AdminNotice = z.infer<typeof AdminNotice>;
export const VersionedUpdate = z.object({ version: intInput(1, 2_147_483_647) });

/** /api/admin/banners, same verbs as notices. `imageUrl` comes from POST /api/admin/media. */
export const AdminBannerInput = z.object({
  groupName: BannerGroup,
  imageUrl: z.string().min(1).max(500),
  alt: LocalizedText,
  /** The caption laid over the image in the player's language; null: none. */
  title: LocalizedText.nullable().default(null),
  subtitle: LocalizedText.nullable().default(null),
  linkageType: z.enum(["ROUTE", "URL", "GAME"]).nullable(),
  linkage: z.string().max(500).nullable(),
  /** The link leaves the site (an https:// address, new tab, noopener); otherwise an in-site path "/…". */
  external: z.boolean().default(false),
  sortOrder: z.number().int().min(0).max(100000),
  enabled: z.boolean(),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
});
export const AdminBanner = AdminBannerInput.extend({
  id: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type AdminBanner = z.infer<typeof AdminBanner>;

/** /api/admin/help/categories and /api/admin/help/articles, same verbs. */
export const AdminHelpCategoryInput = z.object({
  title: LocalizedText,
  sortOrder: z.number().int().min(0).max(100000),
  enabled: z.boolean(),
});
export const AdminHelpCategory = AdminHelpCategoryInput.extend({
  id: z.number().int(),
  version: z.number().int(),
});
export const AdminHelpArticleInput = z.object({
  categoryId: z.number().int().min(1).max(INT4_MAX),
  title: LocalizedText,
  content: LocalizedText,
  sortOrder: z.number().int().min(0).max(100000),
  enabled: z.boolean(),
});
export const AdminHelpArticle = AdminHelpArticleInput.extend({
  id: z.number().int(),
  version: z.number().int(),
});

/** /api/admin/resources, same verbs. */
export const AdminResourceInput = z.object({
  resourceType: ResourceType,
  url: z.url({ protocol: /^https?$/ }).max(500),
  enabled: z.boolean(),
});
export const AdminResource = AdminResourceInput.extend({
  id: z.number().int(),
  version: z.number().int(),
});

/** GET/PUT /api/admin/seo → the per-route search texts. */
export const AdminSeoEntry = z.object({
  path: z.string().regex(/^\/[A-Za-z0-9/_-]*$/),
  title: LocalizedText,
  description: LocalizedText,
});
export const AdminSeoValue = z.array(AdminSeoEntry);

// ---------- system settings ----------
/** GET/PUT /api/admin/settings/whitelabel */
export const WhitelabelSettings = z.object({ switches: z.record(ModuleId, z.boolean()) });
/** GET/PUT /api/admin/settings/maintenance */
export const MaintenanceSettings = z.object({
  enabled: z.boolean(),
  title: LocalizedText,
  info: LocalizedText,
});
/** GET/PUT /api/admin/settings/region */
export const RegionSettings = z.object({
  /** ISO 3166-1 alpha-2 codes; empty means every country. */
  allowedCountries: z.array(z.string().regex(/^[A-Z]{2}$/)).max(250),
  /** IPv4/IPv6 addresses or CIDR ranges. */
  blockedRanges: z.array(z.string().min(2).max(64)).max(1000),
  info: LocalizedText,
});
/** GET/PUT /api/admin/settings/brand */
export const BrandSettings = z.object({
  name: z.string().trim().min(1).max(60),
  logoUrl: z.string().min(1).max(500),
  currency: z.string().regex(/^[A-Z]{3}$/),
  currencySymbol: z.string().min(1).max(4),
  aboutText: LocalizedText,
  copyright: z.string().max(200),
  loggedInToHome: z.boolean(),
  directRegister: z.boolean(),
  mobileRegPass: z.boolean(),
  minimumAge: z.union([z.literal(18), z.literal(21)]),
  customerServiceUrl: z.string().max(500).nullable(),
  vipServiceUrl: z.string().max(500).nullable(),
  gtagId: z.string().max(40).nullable(),
});

// ---------- audit ----------
/**
 * GET /api/admin/audit: the shared list query (packages/contracts/src/list-query.ts), newest
 * first; filters: the operator's name, the entity type and id, a range of Manila days.
 */
export const AuditQuery = listQuery({
  sort: ["at"],
  defaultSort: "at",
  filters: {
    entityType: z.string().max(40).optional(),
    entityId: z.string().max(100).optional(),
    operator: z.string().max(60).optional(),
    from: DayFilter.optional(),
    to: DayFilter.optional(),
  },
});
export const AuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
});
export const AuditPage = z.object({ items: z.array(AuditRow), total: z.number().int() });
export type AuditQuery = z.output<typeof AuditQuery>;

/** POST /api/admin/media: multipart upload of one png, jpg, webp or svg image ≤ 5 MB → { url }. */
export const MediaUploadValue = z.object({ url: z.string() });

/** GET/PUT /api/admin/settings/oidc: third-party sign-in clients (Google, Facebook, any OIDC). */
export const OidcProviderSetting = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]{1,30}$/),
  label: z.string().min(1).max(40),
  /** "oidc": discovery from the issuer and a verified ID token; "oauth2": a user-info call (Facebook). */
  kind: z.enum(["oidc", "oauth2"]),
  issuer: z.url().nullable(),
  authorizationEndpoint: z.url().nullable(),
  tokenEndpoint: z.url().nullable(),
  userinfoEndpoint: z.url().nullable(),
  clientId: z.string().min(1).max(300),
  clientSecret: z.string().min(1).max(300),
  scopes: z.string().max(200),
  enabled: z.boolean(),
});
export const OidcSettings = z.object({ providers: z.array(OidcProviderSetting).max(10) });

/** GET/PUT /api/admin/settings/security: member password age and the new-address second factor. */
export const SecuritySettings = z.object({
  /** With PWDEXPFORCECHANGE3 on, a password older than this must be changed at login. */
  passwordMaxAgeDays: z.number().int().min(7).max(3650),
  /** Ask for a code by SMS (or e-mail) when a member logs in from an address not seen before. */
  newIpSecondFactor: z.boolean(),
});

/** GET/PUT /api/admin/settings/finance: above this amount a manual adjustment needs a second operator. */
export const FinanceSettings = z.object({
  adjustmentApprovalThreshold: amountText({ allowZero: true }),
});

/**
 * GET/PUT /api/admin/settings/winners: the smallest win the winner ticker and the
 * winner board show. Never zero: a ₱0.00 "win" is a losing round, not a winner.
 */
export const WinnerBoardSettings = z.object({
  minWinShown: amountText(),
});

/**
 * One CDN base address (spec §3 permission response imageCDNs / launchGameCDNs): https only, no
 * user name or password, no query or fragment — a path prefix is allowed ("https://cdn.x/games").
 */
export const CdnUrl = z
  .string()
  .trim()
  .max(300, "At most 300 characters")
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" && !u.username && !u.password && !u.search && !u.hash && !!u.hostname;
    } catch {
      return false;
    }
  }, "An https:// address without a query, fragment or credentials");
/** GET/PUT /api/admin/settings/launch-cdns and /image-cdns: up to 20, each once; one is picked at random (spec §9). */
export const CdnList = z
  .array(CdnUrl)
  .max(20, "At most 20 addresses")
  .refine((list) => new Set(list.map((u) => u.replace(/\/+$/, "").toLowerCase())).size === list.length, {
    message: "Each address only once",
  });
export type CdnList = z.infer<typeof CdnList>;
