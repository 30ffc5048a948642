import {
  ChannelsReportQuery,
  DashboardQuery,
  GamesReportQuery,
  PlayersReportQuery,
  RoundsReportQuery,
} from "@panalo/contracts/admin-reports";
import { sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { queryRows } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { route } from "../../lib/route.ts";
import { requireOperator } from "../admin/guard.ts";
import { CsvWriter, csvLine } from "./csv.ts";
import {
  dashboard,
  type ReportName,
  type ReportQuery,
  ROUNDS_HEADER,
  reportPage,
  reportSql,
  roundsCsv,
  roundsPage,
} from "./service.ts";

/** Rows per page of an export: one chunk written to the socket, one FETCH or keyset read. */
const EXPORT_PAGE = 5000;
/** Rounds per page of the rounds export (about 2 MB of CSV): one keyset read, one write. */
const ROUNDS_EXPORT_PAGE = 20_000;

/**
 * Back office → Dashboard and Reports (issue 14 points 11–12). Every figure is finance data:
 * `finance.read` (owner, finance, auditor); support, content and marketing see none of it.
 */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const guards = [requireOperator(ctx, "finance.read")];
  // The indexes the reports read by time (migration 0250 runs before the tables they are on).
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT report_ensure_indexes()`);
  });

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
        const r = await reportSql(ctx, name, query as ReportQuery);
        const out = startCsv(
          reply,
          `${name}-${(query as ReportQuery).from}-${(query as ReportQuery).to}.csv`,
        );
        await out.write(csvLine(r.header));
        // A cursor over the ordered result, read a page at a time as the socket takes them.
        try {
          await ctx.db.transaction(async (tx) => {
            await tx.execute(sql`DECLARE report_export NO SCROLL CURSOR FOR ${r.rows}`);
            for (;;) {
              const rows = await queryRows<Record<string, unknown>>(
                tx,
                sql.raw(`FETCH ${EXPORT_PAGE} FROM report_export`),
              );
              if (rows.length === 0) break;
              if (!(await out.write(rows.map((row) => csvLine(r.toCells(row))).join("")))) break;
              if (rows.length < EXPORT_PAGE) break;
            }
            await tx.execute(sql`CLOSE report_export`);
          });
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
      const out = startCsv(reply, `rounds-${query.from}-${query.to}.csv`);
      await out.write(csvLine(ROUNDS_HEADER));
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

/** Take the response over and send CSV headers (the envelope and onSend hooks are skipped). */
function startCsv(reply: FastifyReply, filename: string): CsvWriter {
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  return new CsvWriter(reply.raw);
}
