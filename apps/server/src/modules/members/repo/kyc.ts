import { and, eq, sql } from "drizzle-orm";
import { type Executor, queryRows, type Tx } from "../../../db/client.ts";
import { kycCases, kycSettings, members } from "../../../db/schema/members.ts";
import { MEMBER_UPLOAD_PATH } from "../../../lib/member-uploads.ts";

/** Statements of KYC: the operator's settings, the cases, their documents' purge (kyc.ts has the rules). */

export type KycCaseRow = typeof kycCases.$inferSelect;
export type KycCaseStatus = "pending" | "more_info" | "approved" | "rejected";

export async function kycSettingsRow(exec: Executor) {
  const [s] = await exec.select().from(kycSettings).where(eq(kycSettings.id, 1));
  return s;
}

export async function upsertKycSettings(
  exec: Executor,
  values: Omit<typeof kycSettings.$inferInsert, "id">,
): Promise<void> {
  await exec
    .insert(kycSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: kycSettings.id, set: values });
}

/**
 * What the KYC gate of a withdrawal or a deposit needs, in one query on the member's own rows:
 * the member's KYC status, the operator's rules, whether the member withdrew before (withdrawal
 * only) and what they deposited in the period, this request left out (deposit only).
 */
export async function kycGateFacts(
  exec: Executor,
  memberId: number,
  kind: "withdrawal" | "deposit",
  requestId: string,
  at: Date,
) {
  const [row] = await queryRows<{
    kyc_status: string;
    first_withdrawal: boolean;
    withdrawal_above: string | null;
    deposit_above: string | null;
    deposit_period_days: number;
    withdrawn_before: boolean | null;
    deposited: string | null;
  }>(
    exec,
    sql`SELECT m.kyc_status, s.first_withdrawal, s.withdrawal_above::text AS withdrawal_above,
        s.deposit_above::text AS deposit_above, s.deposit_period_days,
        CASE WHEN ${kind} = 'withdrawal' AND m.kyc_status <> 'verified' AND s.first_withdrawal THEN
          EXISTS (SELECT 1 FROM withdrawal_log w WHERE w.member_id = m.id AND w.status <> 'rejected') END
          AS withdrawn_before,
        CASE WHEN ${kind} = 'deposit' AND m.kyc_status <> 'verified' AND s.deposit_above IS NOT NULL THEN
          (SELECT coalesce(sum(d.amount), 0)::text FROM deposit_log d
            WHERE d.member_id = m.id AND d.request_id <> ${requestId}
              AND d.status IN ('pending', 'approved', 'awaiting_payment', 'paid')
              AND d.created_at >= ${at.toISOString()}::timestamptz - make_interval(days => s.deposit_period_days)) END
          AS deposited
      FROM members m CROSS JOIN kyc_settings s
      WHERE m.id = ${memberId} AND s.id = 1`,
  );
  return row;
}

export async function insertKycCase(
  tx: Tx,
  values: typeof kycCases.$inferInsert,
): Promise<KycCaseRow | undefined> {
  const [c] = await tx.insert(kycCases).values(values).returning();
  return c;
}

/** The member's KYC status and latest 10 cases, newest first. */
export async function kycStatusAndCases(exec: Executor, memberId: number) {
  const [[m], cases] = await Promise.all([
    exec.select({ status: members.kycStatus }).from(members).where(eq(members.id, memberId)),
    exec
      .select()
      .from(kycCases)
      .where(eq(kycCases.memberId, memberId))
      .orderBy(sql`${kycCases.id} DESC`)
      .limit(10),
  ]);
  return { status: m?.status, cases };
}

/** Lock (FOR UPDATE) and answer a case. */
export async function lockKycCase(tx: Tx, caseId: number): Promise<KycCaseRow | undefined> {
  const [c] = await tx.select().from(kycCases).where(eq(kycCases.id, caseId)).for("update");
  return c;
}

/** Write a case's decision; answers the row after. */
export async function setKycCaseDecision(
  tx: Tx,
  caseId: number,
  set: {
    status: KycCaseStatus;
    reason: string | null;
    decidedBy: number;
    decidedByName: string;
    decidedAt: Date;
  },
): Promise<KycCaseRow | undefined> {
  const [updated] = await tx.update(kycCases).set(set).where(eq(kycCases.id, caseId)).returning();
  return updated;
}

/** One page of the cases of a status with their members' usernames, and how many there are. */
export async function kycQueuePage(exec: Executor, status: KycCaseStatus, limit: number, offset: number) {
  const [items, [count]] = await Promise.all([
    exec
      .select({ c: kycCases, username: members.username })
      .from(kycCases)
      .innerJoin(members, eq(members.id, kycCases.memberId))
      .where(eq(kycCases.status, status))
      .orderBy(status === "pending" ? sql`${kycCases.id} ASC` : sql`${kycCases.id} DESC`)
      .limit(limit)
      .offset(offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(kycCases).where(eq(kycCases.status, status)),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** A case with its member's username and birthday. */
export async function kycCaseWithMember(exec: Executor, caseId: number) {
  const [row] = await exec
    .select({ c: kycCases, username: members.username, memberBirthday: members.birthday })
    .from(kycCases)
    .innerJoin(members, eq(members.id, kycCases.memberId))
    .where(eq(kycCases.id, caseId));
  return row;
}

export async function kycCaseById(exec: Executor, caseId: number): Promise<KycCaseRow | undefined> {
  const [c] = await exec.select().from(kycCases).where(eq(kycCases.id, caseId));
  return c;
}

/** Lock (SKIP LOCKED) up to `batch` cases decided before `cutoff` and not purged; their documents. */
export async function kycCasesDueForPurge(tx: Tx, cutoff: Date, batch: number) {
  return queryRows<{ id: string; docs: string[] }>(
    tx,
    sql`SELECT id, array_remove(ARRAY[id_front, id_back, selfie], NULL) AS docs FROM kyc_cases
      WHERE purged_at IS NULL AND decided_at IS NOT NULL AND decided_at < ${cutoff.toISOString()}::timestamptz
      ORDER BY decided_at LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
  );
}

/** Forget the documents of the cases `ids` (purged now). */
export async function clearKycDocuments(tx: Tx, ids: number[], at: Date): Promise<void> {
  await tx
    .update(kycCases)
    .set({ idFront: null, idBack: null, selfie: null, purgedAt: at })
    .where(
      sql`${kycCases.id} IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
}

/** Delete the uploads `docs` that no kept case names and that are not a member's avatar. */
export async function deleteUnusedKycUploads(tx: Tx, docs: string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM member_uploads u
    WHERE u.id IN (${sql.join(
      docs.map((d) => sql`${d}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM kyc_cases k WHERE k.purged_at IS NULL
        AND u.id IN (k.id_front, k.id_back, k.selfie))
      AND NOT EXISTS (SELECT 1 FROM members m WHERE m.id = u.member_id
        AND m.avatar_url = ${MEMBER_UPLOAD_PATH} || u.id)`);
}

/** The member's latest case. */
export async function latestKycCase(exec: Executor, memberId: number): Promise<KycCaseRow | undefined> {
  const [latest] = await exec
    .select()
    .from(kycCases)
    .where(and(eq(kycCases.memberId, memberId)))
    .orderBy(sql`${kycCases.id} DESC`)
    .limit(1);
  return latest;
}
