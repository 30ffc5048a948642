import {
  AdminBannerInput,
  AdminHelpArticleInput,
  AdminHelpCategoryInput,
  AdminLoginRequest,
  AdminNoticeInput,
  AdminPasswordChange,
  AdminResourceInput,
  AdminSeoValue,
  AuditQuery,
  BrandSettings,
  MaintenanceSettings,
  OperatorCreate,
  OperatorUpdate,
  RegionSettings,
  WhitelabelSettings,
} from "@panalo/contracts/admin";
import type { Role } from "@panalo/contracts/admin-roles";
import { Id } from "@panalo/contracts/input";
import { linkKind, linkProblem } from "@panalo/contracts/links";
import { parseMoney } from "@panalo/contracts/money";
import { and, asc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { operatorSessions, operators } from "../../db/schema/admin.ts";
import {
  banners,
  helpArticles,
  helpCategories,
  notices,
  resources,
  seoTexts,
} from "../../db/schema/content.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { forgetSiteSources } from "../../lib/security-headers.ts";
import { parseRange } from "../content/region.ts";
import {
  readSetting,
  SETTING_SCHEMAS,
  type SettingKey,
  type SettingValue,
  writeSetting,
} from "../content/settings.ts";
import { cleanTexts, linksIn, plainTexts } from "../content/texts.ts";
import { registerApplier, requestApproval, withApproval } from "../payments/approvals.ts";
import { auditPage, recordAudit } from "./audit.ts";
import { crudRoutes } from "./crud.ts";
import { operatorOf, requireOperator } from "./guard.ts";
import { mediaRoutes } from "./media.ts";
import {
  ADMIN_COOKIE,
  changePassword,
  createOperator,
  SESSION_ABSOLUTE_MS,
  selfOf,
  signIn,
  signOut,
} from "./operators.ts";

/**
 * The session cookie is Secure in production whatever PUBLIC_URL says (a proxy may end TLS in
 * front of a plain-http PUBLIC_URL); browsers treat http://localhost and 127.0.0.1 as secure
 * contexts, so a local production run still signs in.
 */
const secureCookie = (ctx: AppContext) =>
  ctx.config.NODE_ENV === "production" || ctx.config.PUBLIC_URL.startsWith("https://");

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const dateOrNull = (s: string | null) => (s ? new Date(s) : null);
const IdParams = z.object({ id: Id });

/** The back office's calls under /api/admin (issue 2 item 8). */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const signedIn = [requireOperator(ctx, null)];

  // ---------- session ----------
  route(
    app,
    { method: "POST", url: "/api/admin/session", body: AdminLoginRequest },
    async ({ body, req, reply, ip }) => {
      // Per-address and per-name counting, atomic and before any work: signIn (lib/attempts.ts).
      const result = await signIn(ctx, body, { ip, userAgent: req.headers["user-agent"] ?? "" });
      const { token, operator } = result;
      reply.setCookie(ADMIN_COOKIE, token, {
        path: "/",
        httpOnly: true,
        sameSite: "strict",
        secure: secureCookie(ctx),
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
      await recordAudit(db, {
        operatorId: operator.id,
        operatorName: operator.username,
        action: "login",
        entityType: "session",
        entityId: null,
        before: null,
        after: null,
        ip,
      });
      return selfOf(operator);
    },
  );

  // Whether this installation runs in demo mode: the back office shows a "Demo" bar on every page.
  route(app, { method: "GET", url: "/api/admin/environment" }, async () => ({ demo: ctx.config.DEMO_MODE }));

  route(app, { method: "GET", url: "/api/admin/session", guards: signedIn }, async ({ req }) => {
    const { token: _token, ...op } = operatorOf(req);
    return selfOf(op);
  });

  route(app, { method: "DELETE", url: "/api/admin/session", guards: signedIn }, async ({ req, reply }) => {
    await signOut(db, operatorOf(req).token);
    reply.clearCookie(ADMIN_COOKIE, {
      path: "/",
      httpOnly: true,
      sameSite: "strict",
      secure: secureCookie(ctx),
    });
    return null;
  });

  route(
    app,
    { method: "POST", url: "/api/admin/session/password", body: AdminPasswordChange, guards: signedIn },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      await changePassword(ctx, op.id, op.token, body.oldPassword, body.newPassword);
      await recordAudit(db, {
        operatorId: op.id,
        operatorName: op.username,
        action: "password-change",
        entityType: "operator",
        entityId: String(op.id),
        before: null,
        after: null,
        ip,
      });
      return selfOf({ id: op.id, username: op.username, role: op.role, mustChangePassword: false });
    },
  );

  // ---------- operators ----------
  const operatorRow = (o: typeof operators.$inferSelect) => ({
    id: o.id,
    username: o.username,
    role: o.role as Role,
    disabled: o.disabled,
    lastLoginAt: iso(o.lastLoginAt),
    createdAt: o.createdAt.toISOString(),
  });
  route(
    app,
    { method: "GET", url: "/api/admin/operators", guards: [requireOperator(ctx, "operators.read")] },
    async () => (await db.select().from(operators).orderBy(asc(operators.id))).map(operatorRow),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/operators",
      body: OperatorCreate,
      guards: [requireOperator(ctx, "operators.write")],
    },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      return db.transaction(async (tx) => {
        const created = await createOperator(tx, body);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "create",
          entityType: "operator",
          entityId: String(created.id),
          before: null,
          after: { username: created.username, role: created.role },
          ip,
        });
        const [row] = await tx.select().from(operators).where(eq(operators.id, created.id));
        if (!row) throw Errors.internal();
        return {
          operator: operatorRow(row),
          password: created.password,
          totpSecret: created.totpSecret,
          otpauthUrl: created.otpauthUrl,
        };
      });
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/operators/:id",
      params: IdParams,
      body: OperatorUpdate,
      guards: [requireOperator(ctx, "operators.write")],
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      if (params.id === op.id) throw Errors.bad("FORBIDDEN"); // no one demotes or disables themselves
      return db.transaction(async (tx) => {
        const [before] = await tx.select().from(operators).where(eq(operators.id, params.id)).for("update");
        if (!before) throw Errors.notFound("operator");
        const [after] = await tx
          .update(operators)
          .set({ role: body.role, disabled: body.disabled })
          .where(eq(operators.id, params.id))
          .returning();
        if (!after) throw Errors.internal();
        if (body.disabled)
          await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, params.id));
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: "operator",
          entityId: String(params.id),
          before: operatorRow(before),
          after: operatorRow(after),
          ip,
        });
        return operatorRow(after);
      });
    },
  );

  // ---------- audit ----------
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/audit",
      query: AuditQuery,
      guards: [requireOperator(ctx, "audit.read")],
    },
    async ({ query }) => auditPage(db, query),
  );

  // ---------- settings ----------
  /**
   * `mask` hides secrets in what the back office reads (and in the audit log); `unmask` puts the
   * stored secret back when the operator saves the masked value unchanged.
   */
  const settingRoute = <K extends SettingKey>(
    key: K,
    path: string,
    check?: (v: SettingValue<K>) => void,
    secrets?: {
      mask: (v: SettingValue<K>) => SettingValue<K>;
      unmask: (v: SettingValue<K>, stored: SettingValue<K>) => SettingValue<K>;
    },
    /** A change that needs a second operator (issue 12 item 3): the fields it touches, or none. */
    fourEyes?: (before: SettingValue<K>, value: SettingValue<K>) => string[],
  ) => {
    const shown = (v: SettingValue<K>) => (secrets ? secrets.mask(v) : v);
    route(
      app,
      { method: "GET", url: `/api/admin/settings/${path}`, guards: [requireOperator(ctx, "system.read")] },
      async () => shown(await readSetting(db, key)),
    );
    route(
      app,
      {
        method: "PUT",
        url: `/api/admin/settings/${path}`,
        body: SETTING_SCHEMAS[key] as unknown as z.ZodType<SettingValue<K>>, // the schema of exactly this key
        guards: [requireOperator(ctx, "system.write")],
      },
      async ({ body, req, ip }) => {
        check?.(body);
        const op = operatorOf(req);
        const answer = await withApproval(ctx, async (tx) => {
          const before = await readSetting(tx, key);
          const value = secrets ? secrets.unmask(body, before) : body;
          const changes = fourEyes?.(before, value) ?? [];
          if (changes.length > 0) {
            return requestApproval(ctx, tx, {
              kind: `settings.${key}` as "settings.finance",
              entityId: key,
              payload: value as Record<string, unknown>,
              base: before,
              summary: { before: shown(before), after: shown(value), changes },
              op,
              ip,
            });
          }
          await writeSetting(tx, key, value);
          await recordAudit(tx, {
            operatorId: op.id,
            operatorName: op.username,
            action: "update",
            entityType: `settings.${key}`,
            entityId: key,
            before: shown(before),
            after: shown(value),
            ip,
          });
          return shown(value);
        });
        // After the commit: the site's CSP is rebuilt from the settings now stored.
        forgetSiteSources();
        return answer;
      },
    );
  };
  settingRoute("brand", "brand");
  settingRoute("whitelabel", "whitelabel");
  settingRoute("security", "security");
  settingRoute("winners", "winners");
  // Raising the adjustment threshold lets one operator move more alone: a four-eyes change.
  const moreThan = (a: string, b: string) => (parseMoney(a) ?? 0n) > (parseMoney(b) ?? 0n);
  settingRoute("finance", "finance", undefined, undefined, (before, value) =>
    moreThan(value.adjustmentApprovalThreshold, before.adjustmentApprovalThreshold)
      ? ["adjustmentApprovalThreshold"]
      : [],
  );
  registerApplier(ctx, "settings.finance", {
    permission: "system.write",
    entityType: "settings.finance",
    async apply(tx, r, op, ip) {
      const before = await readSetting(tx, "finance");
      // Made against another value: stale, to be rejected and asked again.
      if (JSON.stringify(before) !== JSON.stringify(r.base)) throw Errors.conflict("VERSION_CONFLICT");
      const value = SETTING_SCHEMAS.finance.parse(r.payload);
      await writeSetting(tx, "finance", value);
      await recordAudit(tx, {
        operatorId: op.id,
        operatorName: op.username,
        action: "update",
        entityType: "settings.finance",
        entityId: "finance",
        before,
        after: { ...value, approvalId: r.id, requestedBy: r.createdBy },
        ip,
      });
      return value;
    },
  });
  settingRoute("launchGameCDNs", "launch-cdns");
  settingRoute("imageCDNs", "image-cdns");
  settingRoute("maintenance", "maintenance", (v) => {
    Object.assign(v, { title: plainTexts(v.title), info: plainTexts(v.info) });
  });
  const MASK = "********";
  settingRoute("oidc", "oidc", undefined, {
    mask: (v) => ({ providers: v.providers.map((p) => ({ ...p, clientSecret: MASK })) }),
    unmask: (v, stored) => ({
      providers: v.providers.map((p) =>
        p.clientSecret === MASK
          ? { ...p, clientSecret: stored.providers.find((x) => x.id === p.id)?.clientSecret ?? "" }
          : p,
      ),
    }),
  });
  settingRoute("region", "region", (v) => {
    const bad = v.blockedRanges.filter((r) => parseRange(r) === null);
    if (bad.length) {
      throw Errors.validation(
        bad.map((r) => ({ path: "blockedRanges", message: `Not an IP address or CIDR range: ${r}` })),
      );
    }
  });
  // Keep the typed schemas referenced so a change to the contract breaks the build here.
  void [BrandSettings, WhitelabelSettings, MaintenanceSettings, RegionSettings];

  // ---------- content ----------
  type NoticeIn = z.infer<typeof AdminNoticeInput>;
  const noticeDto = (n: typeof notices.$inferSelect) => ({
    id: n.id,
    type: n.type,
    title: n.title,
    content: n.content,
    external: n.external,
    startsAt: iso(n.startsAt),
    endsAt: iso(n.endsAt),
    sortOrder: n.sortOrder,
    enabled: n.enabled,
    version: n.version,
    updatedAt: n.updatedAt.toISOString(),
  });
  const noticeValues = (i: NoticeIn) => {
    // Issue 12: a link in the text stays on the site ("/…", never "//" or "/\\") unless the
    // notice is marked external; anything else (javascript:, "//host") is refused, not dropped.
    for (const [lang, html] of Object.entries(i.content)) {
      for (const href of linksIn(html ?? "")) {
        const problem = linkProblem(href, i.external);
        if (problem) throw Errors.validation([{ path: `content.${lang}`, message: problem }]);
      }
    }
    return noticeFields(i);
  };
  const noticeFields = (i: NoticeIn) => ({
    type: i.type,
    title: plainTexts(i.title),
    content: cleanTexts(i.content),
    external: i.external,
    startsAt: dateOrNull(i.startsAt),
    endsAt: dateOrNull(i.endsAt),
    sortOrder: i.sortOrder,
    enabled: i.enabled,
  });
  crudRoutes(app, ctx, {
    path: "/notices",
    entity: "notice",
    input: AdminNoticeInput,
    read: "content.read",
    write: "content.write",
    list: async (e) =>
      (
        await e.select().from(notices).orderBy(asc(notices.type), asc(notices.sortOrder), asc(notices.id))
      ).map(noticeDto),
    get: async (e, id) => {
      const [r] = await e.select().from(notices).where(eq(notices.id, id));
      return r ? noticeDto(r) : undefined;
    },
    insert: async (e, i) => {
      const [r] = await e.insert(notices).values(noticeValues(i)).returning();
      if (!r) throw Errors.internal();
      return noticeDto(r);
    },
    update: async (e, id, version, i) => {
      const [r] = await e
        .update(notices)
        .set({ ...noticeValues(i), version: sql`${notices.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(notices.id, id), eq(notices.version, version)))
        .returning();
      return r ? noticeDto(r) : undefined;
    },
    remove: async (e, id) => {
      await e.delete(notices).where(eq(notices.id, id));
    },
  });

  type BannerIn = z.infer<typeof AdminBannerInput>;
  const bannerDto = (b: typeof banners.$inferSelect) => ({
    id: b.id,
    groupName: b.groupName,
    imageUrl: b.imageUrl,
    alt: b.alt,
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
    // Issue 12: a route is an in-site path with a single leading "/"; an address may leave the
    // site only when the operator marked the banner external ("//host", "/\\host", javascript:
    // and the like are refused).
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
      throw Errors.validation([
        { path: "imageUrl", message: "Upload the image or give an https:// address" },
      ]);
    }
    return {
      groupName: i.groupName,
      imageUrl: i.imageUrl,
      alt: plainTexts(i.alt),
      linkageType: i.linkageType,
      linkage: i.linkageType ? i.linkage : null,
      external,
      sortOrder: i.sortOrder,
      enabled: i.enabled,
      startsAt: dateOrNull(i.startsAt),
      endsAt: dateOrNull(i.endsAt),
    };
  };
  crudRoutes(app, ctx, {
    path: "/banners",
    entity: "banner",
    input: AdminBannerInput,
    read: "content.read",
    write: "content.write",
    list: async (e) =>
      (
        await e
          .select()
          .from(banners)
          .orderBy(asc(banners.groupName), asc(banners.sortOrder), asc(banners.id))
      ).map(bannerDto),
    get: async (e, id) => {
      const [r] = await e.select().from(banners).where(eq(banners.id, id));
      return r ? bannerDto(r) : undefined;
    },
    insert: async (e, i) => {
      const [r] = await e.insert(banners).values(bannerValues(i)).returning();
      if (!r) throw Errors.internal();
      return bannerDto(r);
    },
    update: async (e, id, version, i) => {
      const [r] = await e
        .update(banners)
        .set({ ...bannerValues(i), version: sql`${banners.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(banners.id, id), eq(banners.version, version)))
        .returning();
      return r ? bannerDto(r) : undefined;
    },
    remove: async (e, id) => {
      await e.delete(banners).where(eq(banners.id, id));
    },
  });

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
  crudRoutes(app, ctx, {
    path: "/help/categories",
    entity: "help-category",
    input: AdminHelpCategoryInput,
    read: "content.read",
    write: "content.write",
    list: async (e) =>
      (
        await e.select().from(helpCategories).orderBy(asc(helpCategories.sortOrder), asc(helpCategories.id))
      ).map(catDto),
    get: async (e, id) => {
      const [r] = await e.select().from(helpCategories).where(eq(helpCategories.id, id));
      return r ? catDto(r) : undefined;
    },
    insert: async (e, i) => {
      const [r] = await e.insert(helpCategories).values(catValues(i)).returning();
      if (!r) throw Errors.internal();
      return catDto(r);
    },
    update: async (e, id, version, i) => {
      const [r] = await e
        .update(helpCategories)
        .set({ ...catValues(i), version: sql`${helpCategories.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(helpCategories.id, id), eq(helpCategories.version, version)))
        .returning();
      return r ? catDto(r) : undefined;
    },
    remove: async (e, id) => {
      await e.delete(helpCategories).where(eq(helpCategories.id, id));
    },
  });

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
  const artValues = async (e: Parameters<typeof readSetting>[0], i: ArtIn) => {
    const [cat] = await e
      .select({ id: helpCategories.id })
      .from(helpCategories)
      .where(eq(helpCategories.id, i.categoryId));
    if (!cat) throw Errors.validation([{ path: "categoryId", message: "That help category does not exist" }]);
    return {
      categoryId: i.categoryId,
      title: plainTexts(i.title),
      content: cleanTexts(i.content),
      sortOrder: i.sortOrder,
      enabled: i.enabled,
    };
  };
  crudRoutes(app, ctx, {
    path: "/help/articles",
    entity: "help-article",
    input: AdminHelpArticleInput,
    read: "content.read",
    write: "content.write",
    list: async (e) =>
      (
        await e
          .select()
          .from(helpArticles)
          .orderBy(asc(helpArticles.categoryId), asc(helpArticles.sortOrder), asc(helpArticles.id))
      ).map(artDto),
    get: async (e, id) => {
      const [r] = await e.select().from(helpArticles).where(eq(helpArticles.id, id));
      return r ? artDto(r) : undefined;
    },
    insert: async (e, i) => {
      const [r] = await e
        .insert(helpArticles)
        .values(await artValues(e, i))
        .returning();
      if (!r) throw Errors.internal();
      return artDto(r);
    },
    update: async (e, id, version, i) => {
      const [r] = await e
        .update(helpArticles)
        .set({ ...(await artValues(e, i)), version: sql`${helpArticles.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(helpArticles.id, id), eq(helpArticles.version, version)))
        .returning();
      return r ? artDto(r) : undefined;
    },
    remove: async (e, id) => {
      await e.delete(helpArticles).where(eq(helpArticles.id, id));
    },
  });

  type ResIn = z.infer<typeof AdminResourceInput>;
  const resDto = (r: typeof resources.$inferSelect) => ({
    id: r.id,
    resourceType: r.resourceType,
    url: r.url,
    enabled: r.enabled,
    version: r.version,
  });
  const resValues = (i: ResIn) => ({ resourceType: i.resourceType, url: i.url, enabled: i.enabled });
  crudRoutes(app, ctx, {
    path: "/resources",
    entity: "resource",
    input: AdminResourceInput,
    read: "content.read",
    write: "content.write",
    list: async (e) => (await e.select().from(resources).orderBy(asc(resources.id))).map(resDto),
    get: async (e, id) => {
      const [r] = await e.select().from(resources).where(eq(resources.id, id));
      return r ? resDto(r) : undefined;
    },
    insert: async (e, i) => {
      const [r] = await e.insert(resources).values(resValues(i)).onConflictDoNothing().returning();
      if (!r) throw Errors.conflict("RESOURCE_EXISTS");
      return resDto(r);
    },
    update: async (e, id, version, i) => {
      const [r] = await e
        .update(resources)
        .set({ ...resValues(i), version: sql`${resources.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(resources.id, id), eq(resources.version, version)))
        .returning();
      return r ? resDto(r) : undefined;
    },
    remove: async (e, id) => {
      await e.delete(resources).where(eq(resources.id, id));
    },
  });

  // ---------- search texts: the whole list at once ----------
  const seoList = async (e: Parameters<typeof readSetting>[0]) =>
    (await e.select().from(seoTexts).orderBy(asc(seoTexts.path))).map((r) => ({
      path: r.path,
      title: r.title,
      description: r.description,
    }));
  route(
    app,
    { method: "GET", url: "/api/admin/seo", guards: [requireOperator(ctx, "content.read")] },
    async () => seoList(db),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/seo",
      body: AdminSeoValue,
      guards: [requireOperator(ctx, "content.write")],
    },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      const paths = new Set(body.map((e) => e.path));
      if (paths.size !== body.length)
        throw Errors.validation([{ path: "path", message: "Each path may appear once" }]);
      return db.transaction(async (tx) => {
        const before = await seoList(tx);
        await tx.delete(seoTexts);
        if (body.length) {
          await tx.insert(seoTexts).values(
            body.map((e) => ({
              path: e.path,
              title: plainTexts(e.title),
              description: plainTexts(e.description),
            })),
          );
        }
        const after = await seoList(tx);
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: "seo",
          entityId: null,
          before,
          after,
          ip,
        });
        return after;
      });
    },
  );

  await mediaRoutes(app, ctx);
}
