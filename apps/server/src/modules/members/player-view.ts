import { BigId } from "@panalo/contracts/input";
import { formatMinor } from "@panalo/contracts/money";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Db } from "../../db/client.ts";
import type { memberNotes } from "../../db/schema/members.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { MEMBER_UPLOAD_PATH } from "../../lib/member-uploads.ts";
import { operatorOf, requireOperator } from "../../lib/operator-guard.ts";
import { route } from "../../lib/route.ts";
import { kycOfMember } from "./kyc.ts";
import {
  identityProvidersOf,
  insertMemberNote,
  memberNameRows,
  notesOfMember,
  txPasswordLockedUntil,
} from "./repo.ts";
import { requirePlayer } from "./service.ts";

const IdParams = z.object({ id: BigId });
const NoteBody = z.object({ body: z.string().trim().min(1).max(2000) });
/** The player page shows the latest notes; older ones stay in the audit log. */
const NOTES_SHOWN = 100;

const noteDto = (n: typeof memberNotes.$inferSelect) => ({
  id: n.id,
  body: n.body,
  operatorName: n.operatorName,
  createdAt: n.createdAt.toISOString(),
});

/**
 * What the player page shows of the player's payouts, from the payments module. Payments
 * depends on members (sign-in, KYC), so members does not import it: the app hands these over
 * when it registers the members' routes (app.ts).
 */
export interface PayoutFacts {
  payoutAccountCount: (db: Db, memberId: number) => Promise<number>;
  withdrawalLimits: { min: bigint; max: bigint };
}

/**
 * The back office's player page beyond the account itself: operators' notes, what is known of
 * the player's identity (KYC as far as the data exists) and the limits that apply. The latest
 * rounds (games), balances, deposits and withdrawals come from their own modules' calls.
 */
export async function playerViewRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  payouts: PayoutFacts,
): Promise<void> {
  const { db } = ctx;
  const exists = (id: number) => requirePlayer(db, id);

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
      const rows = await notesOfMember(db, params.id, NOTES_SHOWN);
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
        const n = await insertMemberNote(tx, {
          memberId: params.id,
          operatorId: op.id,
          operatorName: op.username,
          body: body.body,
        });
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
      const [identities, txLockedUntil, payoutAccounts, upline, kycCase] = await Promise.all([
        identityProvidersOf(db, m.id),
        txPasswordLockedUntil(db, m.id),
        payouts.payoutAccountCount(db, m.id),
        m.uplineId ? memberNameRows(db, m.uplineId) : Promise.resolve([]),
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
          // The KYC state, its latest case and the profile the member keeps.
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
          withdrawalMin: formatMinor(payouts.withdrawalLimits.min),
          withdrawalMax: formatMinor(payouts.withdrawalLimits.max),
          txPasswordSet: m.txPasswordHash !== null,
          txPasswordLockedUntil: lockedUntil(txLockedUntil),
          loginLockedUntil: lockedUntil(m.lockedUntil),
        },
        upline: upline[0] ?? null,
      };
    },
  );
}
