import { BigId, PageNo, pageSize } from "@panalo/contracts/input";
import { AdminLedgerQuery } from "@panalo/contracts/list-query";
import { startCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { requireOperator } from "../../lib/operator-guard.ts";
import { readDb } from "../../lib/read-db.ts";
import { route } from "../../lib/route.ts";
import {
  accountReconciliation,
  LEDGER_CSV_HEADER,
  ledgerExport,
  ledgerTransactions,
  memberExists,
  memberLedger,
} from "./service.ts";

const Paging = {
  page: PageNo.default(1),
  pageSize: pageSize(100).default(50),
};

/** Back-office reads of the ledger beyond the summary in wallet/routes.ts. */
export async function walletAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const read = [requireOperator(ctx, "finance.read")];
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/players/:id/ledger",
      params: z.object({ id: BigId }),
      query: z.object({
        ...Paging,
        type: z
          .string()
          .regex(/^[a-z_]{2,40}$/)
          .optional(),
      }),
      guards: read,
    },
    async ({ params, query }) => {
      if (!(await memberExists(ctx.db, params.id))) throw Errors.notFound("player");
      return memberLedger(ctx.db, params.id, query);
    },
  );
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/ledger/accounts",
      query: z.object({
        ...Paging,
        problems: z
          .enum(["true", "false"])
          .default("false")
          .transform((v) => v === "true"),
      }),
      guards: read,
    },
    async ({ query }) => accountReconciliation(ctx.db, query),
  );

  // Every movement of the ledger, paged by the shared list query; the export streams every
  // matching row with the same filters and order.
  route(
    app,
    { method: "GET", url: "/api/admin/ledger/transactions", query: AdminLedgerQuery, guards: read },
    async ({ query }) => ledgerTransactions(ctx.db, query),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/ledger/transactions/export", query: AdminLedgerQuery, guards: read },
    async ({ query, reply }) => {
      const name = `ledger-${query.filters.from ?? "start"}-${query.filters.to ?? "now"}.csv`;
      const out = await startCsv(reply, name, LEDGER_CSV_HEADER);
      try {
        for await (const rows of ledgerExport(readDb(ctx), query)) {
          if (!(await out.writeRows(rows))) break;
        }
      } catch (err) {
        reply.raw.destroy(err as Error);
        return;
      }
      out.end();
    },
  );
}
