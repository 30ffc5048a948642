import { BigId, PageNo, pageSize } from "@panalo/contracts/input";
import { AdminPlayersQuery } from "@panalo/contracts/list-query";
import { manilaToday } from "@panalo/contracts/manila-time";
import { startCsv } from "@panalo/service-kit/csv";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { route } from "../../lib/route.ts";
import { generatePassword } from "../admin/service.ts";
import { outboxBodyFor, outboxPage } from "../messaging/service.ts";
import {
  changePlayer,
  checkPlayerExport,
  type NewMemberRecord,
  PLAYERS_CSV_HEADER,
  playerDetail,
  playerExport,
  playerPage,
} from "./service.ts";

const IdParams = z.object({ id: BigId });
const LockBody = z.object({ reason: z.string().trim().min(3).max(200) });
const PageQuery = z.object({
  page: PageNo.default(1),
  pageSize: pageSize(200).default(50),
});

/** Back office: players and the message outbox. */
export async function memberAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const read = [requireOperator(ctx, "players.read")];
  const write = [requireOperator(ctx, "players.write")];

  route(
    app,
    { method: "GET", url: "/api/admin/players", query: AdminPlayersQuery, guards: read },
    async ({ query }) => playerPage(db, query),
  );
  // Every player of the same filters and order as CSV (not only the page shown), streamed page
  // by page; a list above the row cap is refused before the file starts.
  route(
    app,
    { method: "GET", url: "/api/admin/players/export", query: AdminPlayersQuery, guards: read },
    async ({ query, reply }) => {
      await checkPlayerExport(db, query);
      const out = await startCsv(reply, `players-${manilaToday()}.csv`, PLAYERS_CSV_HEADER);
      try {
        for await (const rows of playerExport(db, query)) {
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
    { method: "GET", url: "/api/admin/players/:id", params: IdParams, guards: read },
    async ({ params }) => playerDetail(db, params.id),
  );

  /** Apply a change to one player, ending their sessions, audited with before and after. */
  const change = async (
    req: Parameters<typeof operatorOf>[0],
    ip: string,
    id: number,
    action: string,
    set: Partial<NewMemberRecord>,
  ) => changePlayer(ctx, operatorOf(req), ip, id, action, set);

  route(
    app,
    { method: "POST", url: "/api/admin/players/:id/lock", params: IdParams, body: LockBody, guards: write },
    async ({ params, body, req, ip }) =>
      change(req, ip, params.id, "lock", { status: "locked", lockReason: body.reason }),
  );
  route(
    app,
    { method: "POST", url: "/api/admin/players/:id/unlock", params: IdParams, guards: write },
    async ({ params, req, ip }) =>
      change(req, ip, params.id, "unlock", {
        status: "active",
        lockReason: null,
        lockedUntil: null,
        failedLogins: 0,
      }),
  );
  route(
    app,
    { method: "POST", url: "/api/admin/players/:id/temporary-password", params: IdParams, guards: write },
    async ({ params, req, ip }) => {
      const password = generatePassword().slice(0, 12);
      const passwordHash = await hashPassword(password);
      const player = await change(req, ip, params.id, "temporary-password", {
        passwordHash,
        mustChangePassword: true,
        failedLogins: 0,
        lockedUntil: null,
      });
      // Shown once to the operator, who hands it to the player; it must be changed at next login.
      return { player, temporaryPassword: password };
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/admin/outbox",
      query: PageQuery,
      guards: [requireOperator(ctx, "outbox.read")],
    },
    async ({ query, req }) => {
      const role = operatorOf(req).role;
      const { items, total } = await outboxPage(db, query.pageSize, (query.page - 1) * query.pageSize);
      return {
        items: items.map((o) => ({
          id: o.id,
          channel: o.channel,
          recipient: o.recipient,
          subject: o.subject,
          ...outboxBodyFor(ctx.config, role, o),
          purpose: o.purpose,
          adapter: o.adapter,
          status: o.status,
          error: o.error,
          createdAt: o.createdAt.toISOString(),
          sentAt: o.sentAt?.toISOString() ?? null,
        })),
        total,
      };
    },
  );
}
