import { BigId } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { loginAttempts, memberIdentities, memberNotes, members } from "../../db/schema/members.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { recordAudit } from "../admin/audit.ts";
import { operatorOf, requireOperator } from "../admin/guard.ts";
import { bettingRecord } from "../games/betting-record.ts";
import { manilaDayStart } from "../payments/transfers.ts";
import { MEMBER_UPLOAD_PATH } from "../payments/uploads.ts";
import { payoutAccountCount, WITHDRAWAL_LIMITS } from "../payments/withdrawals.ts";
import { kycOfMember } from "./kyc.ts";

const IdParams = z.object({ id: BigId });
const NoteBody = z.object({ body: z.string().trim().min(1).max(2000) });
/** The player page shows the latest notes; older ones stay in the audit log. */
const NOTES_SHOWN = 100;
/** The latest rounds the player page shows (the betting record's last 31 days). */
const ROUNDS_SHOWN = 10;

const noteDto = (n: typeof memberNotes.$inferSelect) => ({
  id: n.id,
  body: n.body,
  operatorName: n.operatorName,
  createdAt: n.createdAt.toISOString(),
});

/**
 * The back office's player page (issue 14 point 14) beyond the account itself: operators' notes,
 * what is known of the player's identity (KYC as far as the data exists), the limits that apply,
 * and the latest rounds. Balances, deposits and withdrawals come from their own modules' calls.
 */
export async function playerViewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const exists = async (id: number) => {
    const [m] = await db.select().from(members).where(eq(members.id, id));
    if (!m) throw Errors.notFound("player");
    return m;
  };

  route(
    app,
    {
      method: "GET",
      url: "/api/admin/players/:id/notes",
      params: IdParams,
      guards: [requireOperator(ctx, "players.read")],
    },
    async ({ params }) => {
      await exists(params.id);
      const rows = await db
        .select()
        .from(memberNotes)
        .where(eq(memberNotes.memberId, params.id))
        .orderBy(desc(memberNotes.id))
        .limit(NOTES_SHOWN);
      return { items: rows.map(noteDto) };
    },
  );

  route(
    app,
    {
      method: "POST",
      url: "/api/admin/players/:id/notes",
      params: IdParams,
      body: NoteBody,
      guards: [requireOperator(ctx, "players.write")],
    },
    async ({ params, body, req, ip }) => {
      const op = operatorOf(req);
      await exists(params.id);
      return db.transaction(async (tx) => {
        const [n] = await tx
          .insert(memberNotes)
          .values({ memberId: params.id, operatorId: op.id, operatorName: op.username, body: body.body })
          .returning();
        if (!n) throw Errors.internal();
        await recordAudit(tx, {
          operatorId: op.id,
          operatorName: op.username,
          action: "note",
          entityType: "player",
          entityId: String(params.id),
          before: null,
          after: { noteId: n.id, body: n.body },
          ip,
        });
        return noteDto(n);
      });
    },
  );

  route(
    app,
    {
      method: "GET",
      url: "/api/admin/players/:id/profile",
      params: IdParams,
      guards: [requireOperator(ctx, "players.read")],
    },
    async ({ params }) => {
      const m = await exists(params.id);
      const now = ctx.clock.now();
      const [identities, [txLock], payoutAccounts, upline, kycCase] = await Promise.all([
        db
          .select({ provider: memberIdentities.provider })
          .from(memberIdentities)
          .where(eq(memberIdentities.memberId, m.id)),
        db
          .select({ lockedUntil: loginAttempts.lockedUntil })
          .from(loginAttempts)
          .where(and(eq(loginAttempts.scope, "tx-password"), eq(loginAttempts.key, String(m.id)))),
        payoutAccountCount(db, m.id),
        m.uplineId
          ? db
              .select({ id: members.id, username: members.username })
              .from(members)
              .where(eq(members.id, m.uplineId))
          : Promise.resolve([]),
        kycOfMember(db, m.id),
      ]);
      const lockedUntil = (at: Date | null | undefined) => (at && at > now ? at.toISOString() : null);
      return {
        // What is known of who the player is: there is no document check yet (KYC), only these.
        kyc: {
          realName: m.realName,
          realNameVerified: m.realNameVerified,
          mobile: m.mobile,
          email: m.email,
          birthday: m.birthday,
          payoutAccounts,
          signInProviders: identities.map((i) => i.provider),
          // issue 17: the KYC state, its latest case and the profile the member keeps.
          status: m.kycStatus,
          verifiedAt: m.kycVerifiedAt?.toISOString() ?? null,
          latestCase: kycCase,
        },
        profile: {
          nickname: m.nickname,
          // A private upload is shown through the back office's own path.
          avatarUrl: m.avatarUrl?.startsWith(MEMBER_UPLOAD_PATH)
            ? `/api/admin/players/${m.id}/avatar`
            : m.avatarUrl,
          fullName: m.fullName,
          nationality: m.nationality,
          address: m.address,
          occupation: m.occupation,
          incomeSource: m.incomeSource,
          birthPlace: m.birthPlace,
          contacts: m.contacts,
          totpEnabled: m.totpEnabledAt !== null,
        },
        limits: {
          withdrawalMin: formatMinor(WITHDRAWAL_LIMITS.min),
          withdrawalMax: formatMinor(WITHDRAWAL_LIMITS.max),
          txPasswordSet: m.txPasswordHash !== null,
          txPasswordLockedUntil: lockedUntil(txLock?.lockedUntil),
          loginLockedUntil: lockedUntil(m.lockedUntil),
        },
        upline: upline[0] ?? null,
      };
    },
  );

  // The latest rounds: finance data (stakes and wins), as the wallet is.
  route(
    app,
    {
      method: "GET",
      url: "/api/admin/players/:id/rounds",
      params: IdParams,
      guards: [requireOperator(ctx, "finance.read")],
    },
    async ({ params }) => {
      await exists(params.id);
      const today = manilaDayStart(ctx.clock.now());
      const day = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
      return bettingRecord(
        ctx,
        params.id,
        {
          startDate: day(new Date(today.getTime() - 30 * 86_400_000)),
          endDate: day(today),
          page: 1,
          pageSize: ROUNDS_SHOWN,
        },
        "EN",
      );
    },
  );
}
