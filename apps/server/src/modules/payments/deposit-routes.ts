import { BigId, Id, INT4_MAX, intInput, PageNo, pageSize } from "@panalo/contracts/input";
import { DayFilter, dayBounds } from "@panalo/contracts/list-query";
import { formatMinor, PositiveAmount } from "@panalo/contracts/money";
import { startCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Executor } from "../../db/client.ts";
import type { paymentChannels } from "../../db/schema/payments.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { MemberUploadUrl } from "../../lib/member-uploads.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { siteOrigin } from "../../lib/site-origin.ts";
import { registerApplier, requestApproval, withApproval } from "../admin/service.ts";
import { memberOf, requireMember, sessionMember } from "../members/service.ts";
import { channelUsable, createDeposit, decideDeposit, depositDto, handleCallback } from "./deposits.ts";
import { MIN_SECRET_LENGTH, REQUIRED_SECRETS, signSandbox } from "./gateways.ts";
import { DEPOSIT_CSV_HEADER, depositExport, depositQueue } from "./queues.ts";
import {
  allChannels,
  channelCodeTaken,
  enabledChannels,
  insertChannel,
  lockChannel,
  memberDeposit,
  memberDepositsPage,
  sandboxDepositByRef,
  updateChannelAt,
} from "./repo.ts";

/** The sandbox checkout's cookie: the member's own session, sent only to /sandbox-gateway. */
export const CHECKOUT_COOKIE = "panalo_checkout";

const IdParams = z.object({ id: BigId });
/** Payment channels are a serial (int4) table. */
const ChannelIdParams = z.object({ id: Id });
const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const ChannelInput = z.object({
  code: z.string().regex(/^[a-z0-9_-]{2,30}$/),
  kind: z.enum(["bank", "gateway"]),
  name: z.string().trim().min(2).max(60),
  adapter: z.enum(["sandbox", "paymongo"]).nullable(),
  minAmount: PositiveAmount,
  maxAmount: PositiveAmount,
  enabled: z.boolean(),
  sortOrder: z.number().int().min(0).max(10_000),
  details: z.record(z.string().max(40), z.string().max(200)),
  secrets: z.record(z.string().max(40), z.string().max(500)),
});
const MASK = "********";
const channelDto = (c: typeof paymentChannels.$inferSelect, withSecrets: boolean) => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  name: c.name,
  adapter: c.adapter,
  minAmount: formatMinor(c.minAmount),
  maxAmount: formatMinor(c.maxAmount),
  enabled: c.enabled,
  sortOrder: c.sortOrder,
  details: c.details,
  ...(withSecrets
    ? { secrets: Object.fromEntries(Object.keys(c.secrets).map((k) => [k, MASK])), version: c.version }
    : {}),
});

/** Deposits (spec §2 depositv2): channels, requests, gateway callbacks, the sandbox gateway, the operator's queue. */
export async function depositRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const real = [requireMember(ctx, { realOnly: true })];

  route(app, { method: "GET", url: "/wps/deposit/channels", guards: real }, async () => {
    const rows = await enabledChannels(ctx.db);
    return rows.filter((c) => channelUsable(ctx, c)).map((c) => channelDto(c, false));
  });

  route(
    app,
    {
      method: "POST",
      url: "/wps/deposits",
      body: z.object({
        channelId: Id,
        amount: PositiveAmount,
        requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
        reference: z.string().trim().max(60).optional(),
        proofUrl: MemberUploadUrl.nullable().optional(),
        bonusRuleId: Id.nullable().optional(),
      }),
      guards: real,
    },
    async ({ body, req, reply }) => {
      const member = memberOf(req);
      const out = await createDeposit(ctx, member.id, body, siteOrigin(ctx.config, req));
      // The sandbox checkout pays only for the member who opened it, only while this session
      // lives: it reads the session from a cookie that only its own path receives.
      if (out.checkoutUrl?.includes("/sandbox-gateway/checkout/")) {
        reply.setCookie(CHECKOUT_COOKIE, member.token, {
          path: "/sandbox-gateway/",
          httpOnly: true,
          sameSite: "strict",
          secure: ctx.config.PUBLIC_URL.startsWith("https:"),
        });
      }
      return out;
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/wps/deposits",
      query: z.object({
        page: PageNo.default(1),
        pageSize: pageSize(50).default(20),
      }),
      guards: real,
    },
    async ({ query, req }) => {
      const { rows, total } = await memberDepositsPage(
        ctx.db,
        memberOf(req).id,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return { items: rows.map(depositDto), total };
    },
  );

  // One of the member's own deposits: the outcome the deposit page shows when the gateway sends
  // the player back and while its checkout is open. Another member's id is not found.
  route(
    app,
    { method: "GET", url: "/wps/deposits/:id", params: z.object({ id: Id }), guards: real },
    async ({ params, req }) => {
      const row = await memberDeposit(ctx.db, params.id, memberOf(req).id);
      if (!row) throw Errors.notFound("deposit");
      return depositDto(row);
    },
  );

  // Gateways post their signed results here; the raw body is what the signature covers.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ["application/json", "application/x-www-form-urlencoded"],
      { parseAs: "string", bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post("/payments/callback/:code", async (req, reply) => {
      const code = z
        .string()
        .regex(/^[a-z0-9_-]{2,30}$/)
        .safeParse((req.params as { code?: string }).code);
      if (!code.success) throw Errors.notFound("channel");
      const outcome = await handleCallback(
        ctx,
        code.data,
        req.headers,
        typeof req.body === "string" ? req.body : "",
        (reason) => req.log.warn({ channel: code.data, reason, ip: req.ip }, "payment callback refused"),
      );
      if (outcome === "refused")
        return reply
          .status(400)
          .send({ success: false, code: "CALLBACK_REFUSED", message: "Callback refused." });
      return { success: true, value: { received: true, outcome } };
    });
  });

  // ---- the sandbox gateway, served here so the whole flow runs on this machine ----
  // Demo mode only: outside it these routes do not exist.
  if (ctx.config.DEMO_MODE) await sandboxRoutes(app, ctx);

  await channelAdminRoutes(app, ctx);
}

async function sandboxRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  /** The deposit behind a checkout, for the member whose live session opened it only. */
  const sandboxDeposit = async (ref: string, req: FastifyRequest) => {
    const token = req.cookies[CHECKOUT_COOKIE];
    const member = token ? await sessionMember(ctx, token) : null;
    const row = await sandboxDepositByRef(ctx.db, ref);
    if (!row) throw Errors.notFound("checkout");
    if (!member || member.id !== row.d.memberId) throw Errors.forbiddenCode("CHECKOUT_FORBIDDEN");
    return row;
  };
  const RefParams = z.object({ ref: z.string().regex(/^sbx_[0-9a-f]{24}$/) });
  app.get("/sandbox-gateway/checkout/:ref", async (req, reply) => {
    const p = RefParams.safeParse(req.params);
    if (!p.success) throw Errors.notFound("checkout");
    const row = await sandboxDeposit(p.data.ref, req);
    reply.header("cache-control", "private, no-store");
    const amount = `${row.d.currency} ${formatMinor(row.d.amount)}`;
    const done = row.d.status !== "awaiting_payment";
    reply.header(
      "content-security-policy",
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
    );
    return reply
      .type("text/html; charset=utf-8")
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;background:#eef2f7;display:grid;place-items:center;min-height:100vh;margin:0}main{background:#fff;border-radius:16px;padding:32px;box-shadow:0 10px 30px #0002;max-width:380px;width:90%;text-align:center}h1{font-size:20px}p.amount{font-size:32px;font-weight:800;margin:12px 0}button{font:inherit;font-weight:700;border:0;border-radius:10px;padding:12px 20px;margin:6px;cursor:pointer}.pay{background:#0a7d3b;color:#fff}.fail{background:#b42318;color:#fff}small{color:#555}</style></head>
<body><main data-testid="sandbox-checkout"><h1>${esc(row.c.name)} · Sandbox checkout</h1><p>Deposit D${row.d.id}</p><p class="amount" data-testid="sandbox-amount">${esc(amount)}</p>
${done ? `<p data-testid="sandbox-done">This checkout is closed (${esc(row.d.status)}).</p>` : `<form method="post" action="/sandbox-gateway/checkout/${esc(p.data.ref)}/paid"><button class="pay" data-testid="sandbox-pay">Pay</button></form><form method="post" action="/sandbox-gateway/checkout/${esc(p.data.ref)}/failed"><button class="fail" data-testid="sandbox-fail">Fail</button></form>`}
<small>Test gateway of this installation: no real money moves.</small></main></body></html>`);
  });
  // The checkout page's buttons are plain HTML forms (no script runs under its CSP): accept
  // their url-encoded bodies here, whose content is not needed (the outcome is in the path).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/x-www-form-urlencoded",
      { parseAs: "string", bodyLimit: 1024 },
      (_req, _body, done) => done(null, {}),
    );
    scope.post("/sandbox-gateway/checkout/:ref/:outcome", async (req, reply) => {
      const p = RefParams.extend({ outcome: z.enum(["paid", "failed"]) }).safeParse(req.params);
      if (!p.success) throw Errors.notFound("checkout");
      const row = await sandboxDeposit(p.data.ref, req);
      const body = JSON.stringify({
        ref: p.data.ref,
        status: p.data.outcome,
        amount: row.d.amount.toString(),
      });
      const base = ctx.config.PUBLIC_URL.replace(/\/$/, "");
      // As a real gateway does: a signed server-to-server call to the platform's callback URL.
      await fetch(`${base}/payments/callback/${row.c.code}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-sandbox-signature": signSandbox(row.c.secrets.secret ?? "", body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      }).catch((err) => req.log.error(err, "sandbox callback failed"));
      return reply.redirect(`/depositv2?deposit=${row.d.id}`, 303);
    });
  });
}

/** GET /api/admin/deposits (and /export): the queue's filters, a range of Manila days, pages. */
const DepositListQuery = z.object({
  status: z.enum(["pending", "approved", "rejected", "awaiting_payment", "paid", "failed"]).optional(),
  memberId: BigId.optional(),
  // Search: "D12", a member id, or part of a username, mobile or e-mail.
  q: z.string().trim().max(60).optional(),
  channelId: Id.optional(),
  from: DayFilter.optional(),
  to: DayFilter.optional(),
  page: PageNo.default(1),
  pageSize: pageSize(100).default(50),
});

async function channelAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // ---- back office ----
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/deposits",
      query: DepositListQuery,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query }) => depositQueue(ctx, { ...query, ...dayBounds(query) }),
  );
  // Every deposit of the same filters as CSV (not only the page shown), streamed page by page.
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/deposits/export",
      query: DepositListQuery,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query, reply }) => {
      const out = await startCsv(
        reply,
        `deposits-${query.from ?? "start"}-${query.to ?? "now"}.csv`,
        DEPOSIT_CSV_HEADER,
      );
      try {
        for await (const rows of depositExport(ctx, { ...query, ...dayBounds(query) })) {
          if (!(await out.writeRows(rows))) break;
        }
      } catch (err) {
        reply.raw.destroy(err as Error);
        return;
      }
      out.end();
    },
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/deposits/:id/approve",
      params: IdParams,
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, req, ip }) => decideDeposit(ctx, operatorOf(req), params.id, { approve: true }, ip),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/deposits/:id/reject",
      params: IdParams,
      body: z.object({ reason: z.string().trim().min(3).max(200) }),
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) =>
      decideDeposit(ctx, operatorOf(req), params.id, { approve: false, reason: body.reason }, ip),
  );

  route(
    app,
    { method: "GET", url: "/api/admin/payment-channels", guards: [requireOperator(ctx, "finance.read")] },
    async () =>
      (await allChannels(ctx.db))
        // A sandbox channel outside demo mode is ignored: shown off (saving it keeps it off).
        .map((c) => ({ ...channelDto(c, true), enabled: c.enabled && channelUsable(ctx, c) })),
  );
  const toValues = (b: z.infer<typeof ChannelInput>, stored?: Record<string, string>) => {
    const min = b.minAmount;
    const max = b.maxAmount;
    if (max < min) throw Errors.validation([{ path: "maxAmount", message: "amount_below_min" }]);
    if (b.kind === "gateway" && !b.adapter)
      throw Errors.validation([{ path: "adapter", message: "required" }]);
    // Outside demo mode a sandbox channel is never created nor enabled (it credits without money).
    if (b.kind === "gateway" && b.adapter === "sandbox" && !ctx.config.DEMO_MODE && (!stored || b.enabled))
      throw Errors.bad("SANDBOX_DEMO_ONLY");
    const secrets = Object.fromEntries(
      Object.entries(b.secrets).map(([k, v]) => [k, v === MASK ? (stored?.[k] ?? "") : v]),
    );
    // A gateway without its keys could never verify a callback: refused, naming the field.
    if (b.kind === "gateway" && b.adapter) {
      for (const key of REQUIRED_SECRETS[b.adapter] ?? []) {
        if ((secrets[key] ?? "").trim().length < MIN_SECRET_LENGTH)
          throw Errors.validation([{ path: `secrets.${key}`, message: "secret_required" }]);
      }
    }
    return {
      ...b,
      adapter: b.kind === "gateway" ? b.adapter : null,
      minAmount: min,
      maxAmount: max,
      secrets,
    };
  };
  const summaryOf = (b: z.infer<typeof ChannelInput>, changes: string[]) => ({
    code: b.code,
    kind: b.kind,
    name: b.name,
    adapter: b.kind === "gateway" ? b.adapter : null,
    minAmount: formatMinor(b.minAmount),
    maxAmount: formatMinor(b.maxAmount),
    enabled: b.enabled,
    details: b.details,
    secrets: Object.fromEntries(Object.keys(b.secrets).map((k) => [k, MASK])),
    changes,
  });
  /**
   * What needs a second operator in an update: enabling, new secrets, another adapter or bank
   * account (where members send money), a higher maximum. Names, order, lower limits and
   * disabling take effect at once.
   */
  const sensitiveChanges = (before: typeof paymentChannels.$inferSelect, v: ReturnType<typeof toValues>) => {
    const same = (a: Record<string, string>, b: Record<string, string>) =>
      JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
    const changes: string[] = [];
    if (v.enabled && !before.enabled) changes.push("enabled");
    if (!same(v.secrets, before.secrets)) changes.push("secrets");
    if (v.kind !== before.kind || v.adapter !== before.adapter) changes.push("adapter");
    if (!same(v.details, before.details)) changes.push("details");
    if (v.maxAmount > before.maxAmount) changes.push("maxAmount");
    return changes;
  };
  // Stored as JSON and parsed again with ChannelInput on approval: amounts in their wire form.
  const resolvedInput = (b: z.infer<typeof ChannelInput>, v: ReturnType<typeof toValues>) => ({
    ...b,
    minAmount: formatMinor(b.minAmount),
    maxAmount: formatMinor(b.maxAmount),
    secrets: v.secrets,
  });

  route(
    app,
    {
      method: "POST",
      url: "/api/admin/payment-channels",
      body: ChannelInput,
      guards: [requireOperator(ctx, "finance.write")],
    },
    // A new channel is always a four-eyes change: stored for a second operator.
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      const values = toValues(body);
      return withApproval(ctx, async (tx) => {
        if (await channelCodeTaken(tx, body.code)) throw Errors.conflict("CHANNEL_EXISTS");
        return requestApproval(ctx, tx, {
          kind: "payment_channel.create",
          entityId: null,
          payload: resolvedInput(body, values),
          base: null,
          summary: summaryOf(body, ["create"]),
          op,
          ip,
        });
      });
    },
  );
  registerApplier(ctx, "payment_channel.create", {
    permission: "finance.write",
    entityType: "payment-channel",
    async apply(tx, r, op, ip) {
      // Checked again as it stands now (demo mode, secrets, a code taken meanwhile).
      const values = toValues(ChannelInput.parse(r.payload));
      const c = await insertChannel(tx, values);
      if (!c) throw Errors.conflict("CHANNEL_EXISTS");
      await recordAudit(tx, {
        operatorId: op.id,
        operatorName: op.username,
        action: "create",
        entityType: "payment-channel",
        entityId: String(c.id),
        before: null,
        after: { ...channelDto(c, true), approvalId: r.id, requestedBy: r.createdBy },
        ip,
      });
      return channelDto(c, true);
    },
  });

  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/payment-channels/:id",
      params: ChannelIdParams,
      body: ChannelInput.extend({ version: intInput(1, INT4_MAX) }),
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return withApproval(ctx, async (tx) => {
        const before = await lockChannel(tx, params.id);
        if (!before) throw Errors.notFound("payment channel");
        const { version, ...input } = body;
        if (before.version !== version) throw Errors.conflict("VERSION_CONFLICT");
        const values = toValues(input, before.secrets);
        const changes = sensitiveChanges(before, values);
        if (changes.length > 0) {
          return requestApproval(ctx, tx, {
            kind: "payment_channel.update",
            entityId: String(before.id),
            payload: resolvedInput(input, values),
            base: { version },
            summary: summaryOf(input, changes),
            op,
            ip,
          });
        }
        return updateChannel(tx, before, values, op, ip);
      });
    },
  );
  registerApplier(ctx, "payment_channel.update", {
    permission: "finance.write",
    entityType: "payment-channel",
    async apply(tx, r, op, ip) {
      const before = await lockChannel(tx, Number(r.entityId));
      if (!before) throw Errors.notFound("payment channel");
      // Made against another version: the request is stale (reject it and ask again).
      if (before.version !== (r.base as { version?: number } | null)?.version)
        throw Errors.conflict("VERSION_CONFLICT");
      const values = toValues(ChannelInput.parse(r.payload), before.secrets);
      return updateChannel(tx, before, values, op, ip, r.id);
    },
  });

  const updateChannel = async (
    tx: Executor,
    before: typeof paymentChannels.$inferSelect,
    values: ReturnType<typeof toValues>,
    op: { id: number; username: string },
    ip: string,
    approvalId?: number,
  ) => {
    const c = await updateChannelAt(tx, before.id, before.version, values);
    if (!c) throw Errors.conflict("VERSION_CONFLICT");
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: "update",
      entityType: "payment-channel",
      entityId: String(c.id),
      before: channelDto(before, true),
      after: { ...channelDto(c, true), ...(approvalId ? { approvalId } : {}) },
      ip,
    });
    return channelDto(c, true);
  };
}
