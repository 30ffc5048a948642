import { BigId, PageNo, pageSize } from "@panalo/contracts/input";
import { desc, eq, ilike, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { loginHistory, memberSessions, members } from "../../db/schema/members.ts";
import { outbox } from "../../db/schema/messaging.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { generatePassword } from "../admin/operators.ts";
import { outboxBodyFor } from "../messaging/service.ts";

const IdParams = z.object({ id: BigId });
const SearchQuery = z.object({
  q: z.string().trim().max(60).default(""),
  page: PageNo.default(1),
  pageSize: pageSize(100).default(25),
});
const LockBody = z.object({ reason: z.string().trim().min(3).max(200) });
const PageQuery = z.object({
  page: PageNo.default(1),
  pageSize: pageSize(200).default(50),
});

const row = (m: typeof members.$inferSelect) => ({
  id: m.id,
  username: m.username,
  mobile: m.mobile,
  email: m.email,
  isAgent: m.isAgent,
  status: m.status,
  lockedUntil: m.lockedUntil?.toISOString() ?? null,
  lockReason: m.lockReason,
  mustChangePassword: m.mustChangePassword,
  currency: m.currency,
  createdAt: m.createdAt.toISOString(),
  lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
});

/** Back office: players (issue 3 item 10) and the message outbox. */
export async function memberAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const read = [requireOperator(ctx, "players.read")];
  const write = [requireOperator(ctx, "players.write")];

  route(
    app,
    { method: "GET", url: "/api/admin/players", query: SearchQuery, guards: read },
    async ({ query }) => {
      const like = `%${query.q.replace(/[%_\\]/g, "\\$&")}%`;
      const where = query.q
        ? or(ilike(members.username, like), ilike(members.mobile, like), ilike(members.email, like))
        : undefined;
      const [items, [count]] = await Promise.all([
        db
          .select()
          .from(members)
          .where(where)
          .orderBy(desc(members.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(members).where(where),
      ]);
      return { items: items.map(row), total: count?.n ?? 0 };
    },
  );

  route(
    app,
    { method: "GET", url: "/api/admin/players/:id", params: IdParams, guards: read },
    async ({ params }) => {
      const [m] = await db.select().from(members).where(eq(members.id, params.id));
      if (!m) throw Errors.notFound("player");
      const [sessions, logins] = await Promise.all([
        db
          .select({
            createdAt: memberSessions.createdAt,
            lastSeenAt: memberSessions.lastSeenAt,
            expiresAt: memberSessions.expiresAt,
            method: memberSessions.method,
            ip: memberSessions.ip,
            userAgent: memberSessions.userAgent,
          })
          .from(memberSessions)
          .where(eq(memberSessions.memberId, m.id))
          .orderBy(desc(memberSessions.lastSeenAt)),
        db
          .select()
          .from(loginHistory)
          .where(eq(loginHistory.memberId, m.id))
          .orderBy(desc(loginHistory.id))
          .limit(50),
      ]);
      return {
        player: row(m),
        sessions: sessions.map((s) => ({
          ...s,
          createdAt: s.createdAt.toISOString(),
          lastSeenAt: s.lastSeenAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        })),
        logins: logins.map((l) => ({
          at: l.at.toISOString(),
          ip: l.ip,
          userAgent: l.userAgent,
          method: l.method,
          success: l.success,
          reason: l.reason,
        })),
      };
    },
  );

  /** Apply a change to one player, ending their sessions, audited with before and after. */
  const change = async (
    req: Parameters<typeof operatorOf>[0],
    ip: string,
    id: number,
    action: string,
    set: Partial<typeof members.$inferInsert>,
  ) => {
    const op = operatorOf(req);
    return db.transaction(async (tx) => {
      const [before] = await tx.select().from(members).where(eq(members.id, id)).for("update");
      if (!before) throw Errors.notFound("player");
      const [after] = await tx.update(members).set(set).where(eq(members.id, id)).returning();
      if (!after) throw Errors.internal();
      await tx.delete(memberSessions).where(eq(memberSessions.memberId, id));
      await recordAudit(tx, {
        operatorId: op.id,
        operatorName: op.username,
        action,
        entityType: "player",
        entityId: String(id),
        before: row(before),
        after: row(after),
        ip,
      });
      return row(after);
    });
  };

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
      const [items, [count]] = await Promise.all([
        db
          .select()
          .from(outbox)
          .orderBy(desc(outbox.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(outbox),
      ]);
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
        total: count?.n ?? 0,
      };
    },
  );
}
