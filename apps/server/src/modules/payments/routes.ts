import { BigId, PageNo, pageSize } from "@panalo/contracts/input";
import { DayFilter, dayBounds } from "@panalo/contracts/list-query";
import { formatMinor, PositiveAmount } from "@panalo/contracts/money";
import { PATTERNS } from "@panalo/contracts/patterns";
import { ewalletProvider } from "@panalo/contracts/payout";
import { startCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { MemberUploadUrl } from "../../lib/member-uploads.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { approvalRoutes } from "../admin/service.ts";
import { memberWithdrawLimits } from "../loyalty/service.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { depositRoutes } from "./deposit-routes.ts";
import {
  PayoutReference,
  queueRoutes,
  WITHDRAWAL_CSV_HEADER,
  withdrawalExport,
  withdrawalQueue,
} from "./queues.ts";
import { transferRoutes } from "./transfers.ts";
import { memberUploadRoutes } from "./uploads.ts";
import {
  addPayoutAccount,
  confirmReceipt,
  decideWithdrawal,
  memberWithdrawals,
  payoutAccountList,
  requestWithdrawal,
  setRealName,
  setTxPassword,
  WITHDRAWAL_LIMITS,
  withdrawnToday,
} from "./withdrawals.ts";

const IdParams = z.object({ id: BigId });
const TxPassword = z.string().regex(/^\d{6}$/, "tx_password_six_digits");

/** Withdrawals (spec §2 withdraw, §4 receipt states), payout accounts and the transaction password. */
/** GET /api/admin/withdrawals (and /export): the queue's filters, a range of Manila days, pages. */
const WithdrawalListQuery = z.object({
  status: z
    .enum(["pending", "paid", "rejected", "received", "partly_received", "not_received", "auto_received"])
    .optional(),
  memberId: BigId.optional(),
  // Search: "W12", a member id, or part of a username, mobile or e-mail.
  q: z.string().trim().max(60).optional(),
  payoutKind: z.enum(["bank", "ewallet"]).optional(),
  from: DayFilter.optional(),
  to: DayFilter.optional(),
  page: PageNo.default(1),
  pageSize: pageSize(100).default(50),
});

export async function paymentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await depositRoutes(app, ctx);
  await approvalRoutes(app, ctx);
  await transferRoutes(app, ctx);
  await queueRoutes(app, ctx);
  const real = [requireMember(ctx, { realOnly: true })];

  route(
    app,
    {
      method: "PUT",
      url: "/wps/member/realName",
      body: z.object({
        realName: z
          .string()
          .trim()
          .max(60)
          .transform((v) => v.replace(/\s+/g, " "))
          .refine((v) => PATTERNS.FULL_NAME_SPACE.test(v), PATTERNS.FULL_NAME_SPACE.messageKey),
      }),
      guards: real,
    },
    async ({ body, req }) => {
      await setRealName(ctx.db, memberOf(req).id, body.realName);
      return null;
    },
  );

  route(
    app,
    {
      method: "PUT",
      url: "/wps/member/transactionPassword",
      body: z.object({
        currentTransactionPassword: TxPassword.optional(),
        newTransactionPassword: TxPassword,
      }),
      guards: real,
    },
    async ({ body, req }) => {
      await setTxPassword(
        ctx,
        memberOf(req).id,
        body.currentTransactionPassword,
        body.newTransactionPassword,
      );
      return null;
    },
  );

  const PayoutInput = z
    .object({
      kind: z.enum(["bank", "ewallet"]),
      provider: z.string().trim().min(2).max(60),
      accountName: z.string().trim().min(2).max(60),
      accountNumber: z
        .string()
        .trim()
        .regex(/^[0-9]{6,20}$/, "account_number_digits"),
    })
    // An e-wallet is one of the listed ones, stored under its own name.
    .superRefine((v, c) => {
      if (v.kind === "ewallet" && !ewalletProvider(v.provider))
        c.addIssue({ code: "custom", path: ["provider"], message: "ewallet_unknown" });
    })
    .transform((v) =>
      v.kind === "ewallet" ? { ...v, provider: ewalletProvider(v.provider) ?? v.provider } : v,
    );
  route(app, { method: "GET", url: "/wps/member/payoutAccounts", guards: real }, async ({ req }) =>
    payoutAccountList(ctx.db, memberOf(req).id),
  );
  route(
    app,
    { method: "POST", url: "/wps/member/payoutAccounts", body: PayoutInput, guards: real },
    async ({ body, req }) => {
      const r = await addPayoutAccount(ctx.db, memberOf(req).id, body);
      return {
        id: r.id,
        kind: r.kind,
        provider: r.provider,
        accountName: r.accountName,
        accountNumber: r.accountNumber,
      };
    },
  );

  // The limits the withdrawal form shows before the player types, and the member's VIP
  // level's daily limits with what today has used of them.
  route(app, { method: "GET", url: "/wps/withdrawals/limits", guards: real }, async ({ req }) => {
    const memberId = memberOf(req).id;
    const vip = await memberWithdrawLimits(ctx.db, memberId);
    const used = await withdrawnToday(ctx.db, memberId, ctx.clock.now());
    return {
      minAmount: formatMinor(WITHDRAWAL_LIMITS.min),
      maxAmount: formatMinor(WITHDRAWAL_LIMITS.max),
      vipLevel: vip.level,
      vipName: vip.name,
      dailyMax: vip.dailyMax === null ? null : formatMinor(vip.dailyMax),
      dailyCount: vip.dailyCount,
      usedToday: formatMinor(used.amount),
      countToday: used.count,
    };
  });

  route(
    app,
    {
      method: "POST",
      url: "/wps/withdrawals",
      body: z.object({
        amount: PositiveAmount,
        payoutAccountId: BigId,
        transactionPassword: z.string().min(1).max(20),
        requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
      }),
      guards: real,
    },
    async ({ body, req }) => requestWithdrawal(ctx, memberOf(req).id, body),
  );
  route(
    app,
    {
      method: "GET",
      url: "/wps/withdrawals",
      query: z.object({
        page: PageNo.default(1),
        pageSize: pageSize(50).default(20),
      }),
      guards: real,
    },
    async ({ query, req }) => memberWithdrawals(ctx.db, memberOf(req).id, query.page, query.pageSize),
  );
  route(
    app,
    {
      method: "POST",
      url: "/wps/withdrawals/:id/receipt",
      params: IdParams,
      body: z.object({
        state: z.enum(["received", "partly_received", "not_received"]),
        proofUrl: MemberUploadUrl.nullable().default(null),
      }),
      guards: real,
    },
    async ({ params, body, req }) => {
      // spec §4: "not received" comes with proof of non-receipt.
      if (body.state === "not_received" && !body.proofUrl) {
        throw Errors.validation([{ path: "proofUrl", message: "proof_required" }]);
      }
      return confirmReceipt(ctx, memberOf(req).id, params.id, body.state, body.proofUrl);
    },
  );

  await memberUploadRoutes(app, ctx);

  // ---- back office: the withdrawal queue ----
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/withdrawals",
      query: WithdrawalListQuery,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query }) => withdrawalQueue(ctx, { ...query, ...dayBounds(query) }),
  );
  // Every withdrawal of the same filters as CSV (not only the page shown), streamed page by page.
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/withdrawals/export",
      query: WithdrawalListQuery,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ query, reply }) => {
      const out = await startCsv(
        reply,
        `withdrawals-${query.from ?? "start"}-${query.to ?? "now"}.csv`,
        WITHDRAWAL_CSV_HEADER,
      );
      try {
        for await (const rows of withdrawalExport(ctx, { ...query, ...dayBounds(query) })) {
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
      url: "/api/admin/withdrawals/:id/approve",
      params: IdParams,
      // Marking paid records where the money went: the payout's own reference is required.
      body: z.object({ payoutReference: PayoutReference }),
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) =>
      decideWithdrawal(
        ctx,
        operatorOf(req),
        params.id,
        { approve: true, payoutReference: body.payoutReference },
        ip,
      ),
  );
  route(
    app,
    {
      method: "POST",
      url: "/api/admin/withdrawals/:id/reject",
      params: IdParams,
      body: z.object({ reason: z.string().trim().min(3).max(200) }),
      guards: [requireOperator(ctx, "finance.write")],
    },
    async ({ params, body, req, ip }) =>
      decideWithdrawal(ctx, operatorOf(req), params.id, { approve: false, reason: body.reason }, ip),
  );
}
