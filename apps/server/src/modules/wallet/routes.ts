import { BigId } from "@panalo/contracts/input";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { dailyReports, reconcile } from "../ledger/service.ts";
import { memberOf, requireMember } from "../members/service.ts";
import { addDays, manilaDay } from "../reports/service.ts";
import { walletAdminRoutes } from "./admin-routes.ts";
import { accountRecords, balanceSummary } from "./service.ts";

const RecordsRequest = z
  .object({
    startDate: z.iso.date(),
    endDate: z.iso.date(),
    types: z
      .array(z.string().regex(/^[a-z_]{2,40}$/))
      .max(20)
      .optional(),
    page: z.number().int().min(1).max(10_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(20),
  })
  .refine((v) => v.startDate <= v.endDate, { path: ["endDate"], message: "end_before_start" })
  .refine((v) => Date.parse(v.endDate) - Date.parse(v.startDate) <= 92 * 86_400_000, {
    path: ["endDate"],
    message: "range_too_long",
  });

/** Balance calls (spec §7 "Wallet") and account records. */
export async function walletRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Trial accounts play with play money inside the games; the wallet calls are real-account only.
  const member = [requireMember(ctx, { realOnly: true })];
  route(app, { method: "GET", url: "/wps/v2/wallets/balance", guards: member }, async ({ req }) =>
    balanceSummary(ctx, memberOf(req).id),
  );
  route(app, { method: "GET", url: "/wps/member/info/funds/consolidated", guards: member }, async ({ req }) =>
    balanceSummary(ctx, memberOf(req).id),
  );
  route(app, { method: "POST", url: "/wps/relay/GCS_merchantWallet", guards: member }, async ({ req }) => {
    const s = await balanceSummary(ctx, memberOf(req).id);
    return { currency: s.currency, balance: s.main };
  });
  route(
    app,
    { method: "POST", url: "/wps/relay/ODSFE2_MemTransDet", body: RecordsRequest, guards: member },
    async ({ req, body }) => accountRecords(ctx, memberOf(req).id, body),
  );

  // ---- back office ----
  await walletAdminRoutes(app, ctx);
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/ledger/reconciliation",
      guards: [requireOperator(ctx, "finance.read")],
    },
    async () => reconcile(ctx.db),
  );
  // The daily reconciliation job's runs (jobs/catalog.ts), newest first.
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/ledger/reconciliation/daily",
      guards: [requireOperator(ctx, "finance.read")],
    },
    async () => ({ reports: await dailyReports(ctx.db) }),
  );
  const PlayerLedger = z.object({ id: BigId });
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/players/:id/wallet",
      params: PlayerLedger,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ params }) => {
      const summary = await balanceSummary(ctx, params.id).catch(() => null);
      if (!summary) throw Errors.notFound("player");
      // The last 90 days in Manila time, as the records count days (a UTC date missed the
      // entries of 00:00–08:00 Manila: they fall on the next Manila day).
      const today = manilaDay(ctx.clock.now());
      const records = await accountRecords(
        ctx,
        params.id,
        {
          startDate: addDays(today, -90),
          endDate: today,
          page: 1,
          pageSize: 100,
        },
        true,
      );
      return { summary, records };
    },
  );
}
