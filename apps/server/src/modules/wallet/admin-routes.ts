import { BigId, PageNo, pageSize } from "@panalo/contracts/input";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { accountReconciliation, memberExists, memberLedger } from "./service.ts";

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
}
