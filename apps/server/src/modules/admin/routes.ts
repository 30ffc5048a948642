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
import { Role, RoleCreate, RoleUpdate } from "@panalo/contracts/admin-roles";
import { Id } from "@panalo/contracts/input";
import { parseMoney } from "@panalo/contracts/money";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { crudRoutes } from "../../lib/admin-crud.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { forgetSiteSources } from "../../lib/security-headers.ts";
import {
  bannerStore,
  helpArticleStore,
  helpCategoryStore,
  noticeStore,
  parseRange,
  plainTexts,
  readSetting,
  replaceSeo,
  resourceStore,
  SETTING_SCHEMAS,
  type SettingKey,
  type SettingValue,
  seoList,
  writeSetting,
} from "../content/service.ts";
import { registerApplier, requestApproval, withApproval } from "./approvals.ts";
import { auditPage } from "./audit.ts";
import { mediaRoutes } from "./media.ts";
import {
  addOperator,
  createRole,
  deleteRole,
  listOperators,
  listRoles,
  updateOperator,
  updateRole,
} from "./operator-admin.ts";
import { ADMIN_COOKIE, changePassword, SESSION_ABSOLUTE_MS, selfOf, signIn, signOut } from "./operators.ts";

/**
 * The session cookie is Secure in production whatever PUBLIC_URL says (a proxy may end TLS in
 * front of a plain-http PUBLIC_URL); browsers treat http://localhost and 127.0.0.1 as secure
 * contexts, so a local production run still signs in.
 */
const secureCookie = (ctx: AppContext) =>
  ctx.config.NODE_ENV === "production" || ctx.config.PUBLIC_URL.startsWith("https://");

const IdParams = z.object({ id: Id });

/** The back office's calls under /api/admin. */
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
      return selfOf({ ...op, mustChangePassword: false });
    },
  );

  // ---------- operators ----------
  route(
    app,
    { method: "GET", url: "/api/admin/operators", guards: [requireOperator(ctx, "operators.read")] },
    async () => listOperators(ctx),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/operators",
      body: OperatorCreate,
      guards: [requireOperator(ctx, "operators.write")],
    },
    async ({ body, req, ip }) => addOperator(ctx, operatorOf(req), body, ip),
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
    async ({ params, body, req, ip }) => updateOperator(ctx, operatorOf(req), params.id, body, ip),
  );

  // ---------- roles (the owner's: roles.write is never in another role) ----------
  const rolesGuard = [requireOperator(ctx, "roles.write")];
  const RoleParams = z.object({ name: Role });
  // The list is read by whoever may see operators (the Operators page offers its roles).
  route(
    app,
    { method: "GET", url: "/api/admin/roles", guards: [requireOperator(ctx, "operators.read")] },
    async () => listRoles(ctx),
  );
  route(
    app,
    { method: "POST", url: "/api/admin/roles", body: RoleCreate, guards: rolesGuard },
    async ({ body, req, ip }) => createRole(ctx, operatorOf(req), body, ip),
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/roles/:name",
      params: RoleParams,
      body: RoleUpdate,
      guards: rolesGuard,
    },
    async ({ params, body, req, ip }) => updateRole(ctx, operatorOf(req), params.name, body, ip),
  );
  route(
    app,
    { method: "DELETE", url: "/api/admin/roles/:name", params: RoleParams, guards: rolesGuard },
    async ({ params, req, ip }) => deleteRole(ctx, operatorOf(req), params.name, ip),
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
    /** A change that needs a second operator (four eyes): the fields it touches, or none. */
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
  settingRoute("cockfight", "cockfight");
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

  // ---------- content (the content module's editing rules and tables) ----------
  const content = { read: "content.read", write: "content.write" } as const;
  crudRoutes(app, ctx, {
    path: "/notices",
    entity: "notice",
    input: AdminNoticeInput,
    ...content,
    ...noticeStore,
  });
  crudRoutes(app, ctx, {
    path: "/banners",
    entity: "banner",
    input: AdminBannerInput,
    ...content,
    ...bannerStore,
  });
  crudRoutes(app, ctx, {
    path: "/help/categories",
    entity: "help-category",
    input: AdminHelpCategoryInput,
    ...content,
    ...helpCategoryStore,
  });
  crudRoutes(app, ctx, {
    path: "/help/articles",
    entity: "help-article",
    input: AdminHelpArticleInput,
    ...content,
    ...helpArticleStore,
  });
  crudRoutes(app, ctx, {
    path: "/resources",
    entity: "resource",
    input: AdminResourceInput,
    ...content,
    ...resourceStore,
  });

  // ---------- search texts: the whole list at once ----------
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
        await replaceSeo(tx, body);
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
