import {
  ChannelsReportQuery,
  DashboardQuery,
  GamesReportQuery,
  PlayersReportQuery,
  RoundsReportQuery,
} from "@panalo/contracts/admin-reports";
import { startCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../lib/context.ts";
import { requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import {
  dashboard,
  prepareReports,
  type ReportName,
  type ReportQuery,
  ROUNDS_HEADER,
  reportExport,
  reportPage,
  roundsCsv,
  roundsPage,
} from "./service.ts";

/** Rows per page of an export: one chunk written to the socket, one FETCH or keyset read. */
const EXPORT_PAGE = 5000;
/** Rounds per page of the rounds export (about 2 MB of CSV): one keyset read, one write. */
const ROUNDS_EXPORT_PAGE = 20_000;

/**
 * Back office → Dashboard and Reports. Every figure is finance data:
 * `finance.read` (owner, finance, auditor); support, content and marketing see none of it.
 */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guards = [requireOperator(ctx, "finance.read")];
  // The indexes the reports read by time (migration 0250 runs before the tables they are on).
  await prepareReports(ctx);

  route(
    app,
    { method: "GET", url: "/api/admin/reports/dashboard", query: DashboardQuery, guards },
    async ({ query }) => dashboard(ctx, query.from, query.to),
  );

  const grouped: Array<
    [ReportName, typeof GamesReportQuery | typeof ChannelsReportQuery | typeof PlayersReportQuery]
  > = [
    ["games", GamesReportQuery],
    ["channels", ChannelsReportQuery],
    ["players", PlayersReportQuery],
  ];
  for (const [name, schema] of grouped) {
    route(
      app,
      { method: "GET", url: `/api/admin/reports/${name}`, query: schema, guards },
      async ({ query }) => reportPage(ctx, name, query as ReportQuery & { page: number; pageSize: number }),
    );
    route(
      app,
      { method: "GET", url: `/api/admin/reports/${name}/export`, query: schema, guards },
      async ({ query, reply }) => {
        const r = await reportExport(ctx, name, query as ReportQuery);
        const out = await startCsv(
          reply,
          `${name}-${(query as ReportQuery).from}-${(query as ReportQuery).to}.csv`,
          r.header,
        );
        // A cursor over the ordered result, read a page at a time as the socket takes them.
        try {
          await r.pages(EXPORT_PAGE, (rows) => out.writeRows(rows));
        } catch (err) {
          reply.raw.destroy(err as Error);
          return;
        }
        out.end();
      },
    );
  }

  route(
    app,
    { method: "GET", url: "/api/admin/reports/rounds", query: RoundsReportQuery, guards },
    async ({ query }) => roundsPage(ctx, query),
  );
  route(
    app,
    { method: "GET", url: "/api/admin/reports/rounds/export", query: RoundsReportQuery, guards },
    async ({ query, reply }) => {
      const out = await startCsv(reply, `rounds-${query.from}-${query.to}.csv`, ROUNDS_HEADER);
      try {
        for await (const page of roundsCsv(ctx, query, ROUNDS_EXPORT_PAGE)) {
          if (!(await out.write(page.text))) break;
        }
      } catch (err) {
        reply.raw.destroy(err as Error);
        return;
      }
      out.end();
    },
  );
}
