import { formatMinor, PositiveAmount, parseMoney } from "@panalo/contracts/money";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { members } from "../../db/schema/members.ts";
import { deposits, paymentChannels } from "../../db/schema/payments.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { createDeposit, decideDeposit, depositDto, handleCallback } from "./deposits.ts";
import { signSandbox } from "./gateways.ts";

const IdParams = z.object({ id: z.coerce.number().int().positive() });
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
  minAmount: z.string().max(20),
  maxAmount: z.string().max(20),
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
    const rows = await ctx.db
      .select()
      .from(paymentChannels)
      .where(eq(paymentChannels.enabled, true))
      .orderBy(asc(paymentChannels.sortOrder), asc(paymentChannels.id));
    return rows.map((c) => channelDto(c, false));
  });

  route(
    app,
    {
      method: "POST",
      url: "/wps/deposits",
      body: z.object({
        channelId: z.number().int().positive(),
        amount: PositiveAmount,
        requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
        reference: z.string().trim().max(60).optional(),
        proofUrl: z
          .string()
          .regex(/^\/media\/\d+$/)
          .nullable()
          .optional(),
      }),
      guards: real,
    },
    async ({ body, req }) => createDeposit(ctx, memberOf(req).id, body),
  );

  route(
    app,
    {
      method: "GET",
      url: "/wps/deposits",
      query: z.object({
        page: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(50).default(20),
      }),
      guards: real,
    },
    async ({ query, req }) => {
      const mine = eq(deposits.memberId, memberOf(req).id);
      const [rows, [count]] = await Promise.all([
        ctx.db
          .select()
          .from(deposits)
          .where(mine)
          .orderBy(desc(deposits.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        ctx.db.select({ n: sql<number>`count(*)::int` }).from(deposits).where(mine),
      ]);
      return { items: rows.map(depositDto), total: count?.n ?? 0 };
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
      );
      if (outcome === "refused")
        return reply
          .status(400)
          .send({ success: false, code: "CALLBACK_REFUSED", message: "Callback refused." });
      return { success: true, value: { received: true, outcome } };
    });
  });

  // ---- the sandbox gateway, served here so the whole flow runs on this machine ----
  const sandboxDeposit = async (ref: string) => {
    const [row] = await ctx.db
      .select({ d: deposits, c: paymentChannels })
      .from(deposits)
      .innerJoin(paymentChannels, eq(paymentChannels.id, deposits.channelId))
      .where(and(eq(deposits.gatewayRef, ref), eq(paymentChannels.adapter, "sandbox")));
    return row;
  };
  const RefParams = z.object({ ref: z.string().regex(/^sbx_[0-9a-f]{24}$/) });
  app.get("/sandbox-gateway/checkout/:ref", async (req, reply) => {
    const p = RefParams.safeParse(req.params);
    const row = p.success ? await sandboxDeposit(p.data.ref) : undefined;
    if (!row) throw Errors.notFound("checkout");
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
${done ? `<p data-testid="sandbox-done">This checkout is closed (${esc(row.d.status)}).</p>` : `<form method="post" action="/sandbox-gateway/checkout/${esc(p.success ? p.data.ref : "")}/paid"><button class="pay" data-testid="sandbox-pay">Pay</button></form><form method="post" action="/sandbox-gateway/checkout/${esc(p.success ? p.data.ref : "")}/failed"><button class="fail" data-testid="sandbox-fail">Fail</button></form>`}
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
      const row = p.success ? await sandboxDeposit(p.data.ref) : undefined;
      if (!p.success || !row) throw Errors.notFound("checkout");
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

  // ---- back office ----
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/deposits",
      query: z.object({
        status: z.enum(["pending", "approved", "rejected", "awaiting_payment", "paid", "failed"]).optional(),
        memberId: z.coerce.number().int().positive().optional(),
        page: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(50),
      }),
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query }) => {
      const where = and(
        query.status ? eq(deposits.status, query.status) : undefined,
        query.memberId ? eq(deposits.memberId, query.memberId) : undefined,
      );
      const [rows, [count]] = await Promise.all([
        ctx.db
          .select({ d: deposits, username: members.username, channelName: paymentChannels.name })
          .from(deposits)
          .leftJoin(members, eq(members.id, deposits.memberId))
          .leftJoin(paymentChannels, eq(paymentChannels.id, deposits.channelId))
          .where(where)
          .orderBy(query.status === "pending" ? asc(deposits.id) : desc(deposits.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        ctx.db.select({ n: sql<number>`count(*)::int` }).from(deposits).where(where),
      ]);
      // The operator checks the transfer against the member and the channel it was sent to.
      return {
        items: rows.map(({ d, username, channelName }) => ({
          ...depositDto(d),
          memberId: d.memberId,
          username,
          channelName,
          gatewayRef: d.gatewayRef,
        })),
        total: count?.n ?? 0,
      };
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
      (
        await ctx.db
          .select()
          .from(paymentChannels)
          .orderBy(asc(paymentChannels.sortOrder), asc(paymentChannels.id))
      ).map((c) => channelDto(c, true)),
  );
  const toValues = (b: z.infer<typeof ChannelInput>, stored?: Record<string, string>) => {
    const min = parseMoney(b.minAmount);
    const max = parseMoney(b.maxAmount);
    if (!min || min <= 0n) throw Errors.validation([{ path: "minAmount", message: "amount_invalid" }]);
    if (!max || max < min) throw Errors.validation([{ path: "maxAmount", message: "amount_invalid" }]);
    if (b.kind === "gateway" && !b.adapter)
      throw Errors.validation([{ path: "adapter", message: "required" }]);
    const secrets = Object.fromEntries(
      Object.entries(b.secrets).map(([k, v]) => [k, v === MASK ? (stored?.[k] ?? "") : v]),
    );
    return {
      ...b,
      adapter: b.kind === "gateway" ? b.adapter : null,
      minAmount: min,
      maxAmount: max,
      secrets,
    };
  };
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/payment-channels",
      body: ChannelInput,
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ body, req, ip }) => {
      const op = operatorOf(req);
      return ctx.db.transaction(async (tx) => {
        const [c] = await tx.insert(paymentChannels).values(toValues(body)).onConflictDoNothing().returning();
        if (!c) throw Errors.conflict("CHANNEL_EXISTS");
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "create",
          entityType: "payment-channel",
          entityId: String(c.id),
          before: null,
          after: channelDto(c, true),
          ip,
        });
        return channelDto(c, true);
      });
    },
  );
  route(
    app,
    {
      method: "PUT",
      url: "/api/admin/payment-channels/:id",
      params: IdParams,
      body: ChannelInput.extend({ version: z.number().int().min(1) }),
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      return ctx.db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(paymentChannels)
          .where(eq(paymentChannels.id, params.id))
          .for("update");
        if (!before) throw Errors.notFound("payment channel");
        const { version, ...input } = body;
        const [c] = await tx
          .update(paymentChannels)
          .set({
            ...toValues(input, before.secrets),
            version: sql`${paymentChannels.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(and(eq(paymentChannels.id, params.id), eq(paymentChannels.version, version)))
          .returning();
        if (!c) throw Errors.conflict("VERSION_CONFLICT");
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "update",
          entityType: "payment-channel",
          entityId: String(c.id),
          before: channelDto(before, true),
          after: channelDto(c, true),
          ip,
        });
        return channelDto(c, true);
      });
    },
  );
}
