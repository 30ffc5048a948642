import type { KycSettingsBody } from "@panalo/contracts/account";
import { ageOn } from "@panalo/contracts/members";
import { formatMinor, parseMoney } from "@panalo/contracts/money";
import type { Executor } from "../../db/client.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { MEMBER_UPLOAD_PATH, requireOwnUpload } from "../../lib/member-uploads.ts";
import { readSettings } from "../content/service.ts";
import { setMemberAddress } from "./household.ts";
import { manilaToday } from "./register-fields.ts";
import { setMemberFields } from "./repo/account.ts";
import {
  clearKycDocuments,
  deleteUnusedKycUploads,
  insertKycCase,
  type KycCaseRow,
  kycCaseById,
  kycCasesDueForPurge,
  kycCaseWithMember,
  kycGateFacts,
  kycQueuePage,
  kycSettingsRow,
  kycStatusAndCases,
  latestKycCase,
  lockKycCase,
  setKycCaseDecision,
  upsertKycSettings,
} from "./repo/kyc.ts";
import { memberById } from "./repo.ts";

/**
 * KYC: the member sends an ID (front and back), a selfie, and what the
 * Philippine AMLA rules ask of a covered person (occupation, source of income, address); an
 * operator approves, rejects with a reason or asks for more. The documents are the member's
 * private uploads (lib/member-uploads.ts), shown only to the member and to operators with
 * `kyc.read`, and purged by the job `members.kyc-purge` once the operator's retention period
 * after the decision has passed. The operator chooses which actions need a verified account
 * (`requireKycFor`, asked by the withdrawal and deposit paths).
 */

export type KycSettings = {
  firstWithdrawal: boolean;
  withdrawalAbove: bigint | null;
  depositAbove: bigint | null;
  depositPeriodDays: number;
  retentionDays: number;
};

export async function readKycSettings(exec: Executor): Promise<KycSettings> {
  const s = await kycSettingsRow(exec);
  return {
    firstWithdrawal: s?.firstWithdrawal ?? false,
    withdrawalAbove: s?.withdrawalAbove ?? null,
    depositAbove: s?.depositAbove ?? null,
    depositPeriodDays: s?.depositPeriodDays ?? 30,
    retentionDays: s?.retentionDays ?? 1825,
  };
}

export const kycSettingsDto = (s: KycSettings) => ({
  firstWithdrawal: s.firstWithdrawal,
  withdrawalAbove: s.withdrawalAbove === null ? null : formatMinor(s.withdrawalAbove),
  depositAbove: s.depositAbove === null ? null : formatMinor(s.depositAbove),
  depositPeriodDays: s.depositPeriodDays,
  retentionDays: s.retentionDays,
});

export async function writeKycSettings(exec: Executor, body: KycSettingsBody, at: Date): Promise<void> {
  const values = {
    firstWithdrawal: body.firstWithdrawal,
    withdrawalAbove: body.withdrawalAbove === null ? null : (parseMoney(body.withdrawalAbove) ?? 0n),
    depositAbove: body.depositAbove === null ? null : (parseMoney(body.depositAbove) ?? 0n),
    depositPeriodDays: body.depositPeriodDays,
    retentionDays: body.retentionDays,
    updatedAt: at,
  };
  await upsertKycSettings(exec, values);
}

/**
 * Refuse a withdrawal or a deposit that the operator's KYC settings reserve for verified
 * accounts (KYC_REQUIRED, 403). One query on the member's own indexed rows; a verified member
 * or an installation with no rule costs one small read.
 */
export async function requireKycFor(
  exec: Executor,
  memberId: number,
  /** A deposit's requestId: a retry of the same request is not counted twice. */
  action: { kind: "withdrawal"; amount: bigint } | { kind: "deposit"; amount: bigint; requestId: string },
  at: Date,
): Promise<void> {
  const row = await kycGateFacts(
    exec,
    memberId,
    action.kind,
    action.kind === "deposit" ? action.requestId : "",
    at,
  );
  if (!row || row.kyc_status === "verified") return;
  const refuse = () => new AppError("KYC_REQUIRED", 403, { action: action.kind }, undefined, { kyc: true });
  if (action.kind === "withdrawal") {
    if (row.first_withdrawal && row.withdrawn_before === false) throw refuse();
    if (row.withdrawal_above !== null && action.amount > BigInt(row.withdrawal_above)) throw refuse();
  } else if (row.deposit_above !== null) {
    if (BigInt(row.deposited ?? 0) + action.amount > BigInt(row.deposit_above)) throw refuse();
  }
}

const uploadIdOf = (url: string) => url.slice(MEMBER_UPLOAD_PATH.length);

/** The operator's minimum age (spec §5: 21 in the Philippines) against a birthday. */
export async function checkAge(
  exec: Executor,
  birthday: string,
  now: Date,
  path = "birthday",
): Promise<void> {
  const { brand } = await readSettings(exec, ["brand"]);
  const age = ageOn(birthday, manilaToday(now));
  if (age > 120 || age < 0) throw Errors.validation([{ path, message: "pattern.date_ymd" }]);
  if (age < brand.minimumAge) {
    throw new AppError("KYC_UNDERAGE", 400, { age: brand.minimumAge }, [{ path, message: "KYC_UNDERAGE" }]);
  }
}

export interface KycInput {
  idFront: string;
  idBack: string;
  selfie: string;
  occupation: string;
  incomeSource: string;
  address: string;
  realName?: string | undefined;
  birthday?: string | undefined;
  nationality?: string | undefined;
}

export const kycCaseDto = (c: KycCaseRow) => ({
  id: c.id,
  status: c.status,
  reason: c.reason,
  createdAt: c.createdAt.toISOString(),
  decidedAt: c.decidedAt?.toISOString() ?? null,
});

/** The member sends their documents: a new case waits for an operator. */
export async function submitKyc(ctx: AppContext, memberId: number, input: KycInput) {
  const m = await memberById(ctx.db, memberId);
  if (!m) throw Errors.unauthorized();
  if (m.kycStatus === "verified") throw Errors.conflict("KYC_ALREADY_VERIFIED");
  if (m.kycStatus === "pending") throw Errors.conflict("KYC_PENDING");
  for (const f of ["idFront", "idBack", "selfie"] as const)
    await requireOwnUpload(ctx.db, memberId, input[f], f);
  const realName = m.realName ?? (input.realName?.replace(/\s+/g, " ") || null);
  const birthday = input.birthday || m.birthday;
  if (!realName) throw Errors.validation([{ path: "realName", message: "required" }]);
  if (!birthday) throw Errors.validation([{ path: "birthday", message: "required" }]);
  await checkAge(ctx.db, birthday, ctx.clock.now());
  const nationality = input.nationality || m.nationality;
  if (!nationality) throw Errors.validation([{ path: "nationality", message: "required" }]);
  const row = await ctx.db
    .transaction(async (tx) => {
      const c = await insertKycCase(tx, {
        memberId,
        idFront: uploadIdOf(input.idFront),
        idBack: uploadIdOf(input.idBack),
        selfie: uploadIdOf(input.selfie),
        realName,
        birthday,
        nationality,
        occupation: input.occupation,
        incomeSource: input.incomeSource,
        address: input.address,
      });
      if (!c) throw Errors.internal();
      await setMemberFields(tx, memberId, {
        kycStatus: "pending",
        realName,
        birthday,
        nationality,
        occupation: input.occupation,
        incomeSource: input.incomeSource,
        address: input.address,
      });
      // The household check compares addresses by their normalised key (members/household.ts).
      await setMemberAddress(tx, memberId, input.address);
      return c;
    })
    .catch((err: { code?: string; cause?: { code?: string } }) => {
      // Two submissions at once: the one-pending index keeps one.
      if ((err.code ?? err.cause?.code) === "23505") throw Errors.conflict("KYC_PENDING");
      throw err;
    });
  return kycCaseDto(row);
}

export async function memberKyc(exec: Executor, memberId: number) {
  const { status, cases } = await kycStatusAndCases(exec, memberId);
  return { status: status ?? "none", cases: cases.map(kycCaseDto) };
}

export interface Decider {
  id: number;
  username: string;
  ip: string;
}

const MEMBER_STATUS = { approve: "verified", reject: "rejected", more_info: "more_info" } as const;
const CASE_STATUS = { approve: "approved", reject: "rejected", more_info: "more_info" } as const;
const EVENT = { approve: "kyc.approved", reject: "kyc.rejected", more_info: "kyc.more-info" } as const;

/**
 * An operator's decision on a pending case, once: the case row is locked and must still be
 * pending, so two operators deciding at once decide once. Audited; the member is told through
 * the member events (the messages module turns them into a message).
 */
export async function decideKyc(
  ctx: AppContext,
  caseId: number,
  decision: "approve" | "reject" | "more_info",
  reason: string | undefined,
  op: Decider,
) {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const c = await lockKycCase(tx, caseId);
    if (!c) throw Errors.notFound("kyc case");
    if (c.status !== "pending") throw Errors.conflict("KYC_NOT_PENDING");
    const updated = await setKycCaseDecision(tx, caseId, {
      status: CASE_STATUS[decision],
      reason: reason ?? null,
      decidedBy: op.id,
      decidedByName: op.username,
      decidedAt: now,
    });
    await setMemberFields(
      tx,
      c.memberId,
      decision === "approve"
        ? {
            kycStatus: "verified",
            kycVerifiedAt: now,
            realNameVerified: true,
            realName: c.realName,
            birthday: c.birthday,
            nationality: c.nationality,
          }
        : { kycStatus: MEMBER_STATUS[decision] },
    );
    await recordAudit(tx, {
      operatorId: op.id,
      operatorName: op.username,
      action: `kyc.${decision}`,
      entityType: "kyc_case",
      entityId: String(caseId),
      before: { status: c.status },
      after: { status: CASE_STATUS[decision], memberId: c.memberId, reason: reason ?? null },
      ip: op.ip,
    });
    await emitMemberEvent(tx, {
      kind: EVENT[decision],
      memberId: c.memberId,
      ref: String(caseId),
      params: { reason: reason ?? null },
    });
    if (!updated) throw Errors.internal();
    return kycCaseDto(updated);
  });
}

/** The back-office queue: cases of a status, oldest first, with the member's name. */
export async function kycQueue(
  exec: Executor,
  q: { status: "pending" | "more_info" | "approved" | "rejected"; page: number; pageSize: number },
) {
  const { items, total } = await kycQueuePage(exec, q.status, q.pageSize, (q.page - 1) * q.pageSize);
  return {
    items: items.map(({ c, username }) => ({ ...kycCaseDto(c), memberId: c.memberId, username })),
    total,
  };
}

export const KYC_DOCUMENTS = ["idFront", "idBack", "selfie"] as const;
export type KycDocument = (typeof KYC_DOCUMENTS)[number];

/** One case as the reviewer sees it: the stated facts and whether each document is still kept. */
export async function kycCaseDetail(exec: Executor, caseId: number) {
  const row = await kycCaseWithMember(exec, caseId);
  if (!row) throw Errors.notFound("kyc case");
  const { c } = row;
  return {
    ...kycCaseDto(c),
    memberId: c.memberId,
    username: row.username,
    realName: c.realName,
    birthday: c.birthday,
    nationality: c.nationality,
    occupation: c.occupation,
    incomeSource: c.incomeSource,
    address: c.address,
    decidedByName: c.decidedByName,
    purgedAt: c.purgedAt?.toISOString() ?? null,
    documents: KYC_DOCUMENTS.filter((d) => c[d] !== null),
  };
}

/** The upload id of one document of a case (null once purged). */
export async function kycDocumentId(exec: Executor, caseId: number, which: KycDocument) {
  const c = await kycCaseById(exec, caseId);
  return c?.[which] ?? null;
}

/**
 * The retention purge: documents of cases decided more than `retentionDays` ago are deleted
 * (the case keeps its facts and decision for the audit). A batch at a time, each in its own
 * transaction; an upload still named by another kept case (a resubmission) stays.
 */
export async function purgeKycDocuments(ctx: AppContext, batch = 200): Promise<number> {
  const { retentionDays } = await readKycSettings(ctx.db);
  const cutoff = new Date(ctx.clock.now().getTime() - retentionDays * 86_400_000);
  let purged = 0;
  for (;;) {
    const n = await ctx.db.transaction(async (tx) => {
      const due = await kycCasesDueForPurge(tx, cutoff, batch);
      if (due.length === 0) return 0;
      const ids = due.map((d) => Number(d.id));
      const docs = due.flatMap((d) => d.docs);
      await clearKycDocuments(tx, ids, ctx.clock.now());
      if (docs.length > 0) await deleteUnusedKycUploads(tx, docs);
      return due.length;
    });
    purged += n;
    if (n < batch) return purged;
  }
}

/** For the player view: the member's KYC state and latest case. */
export async function kycOfMember(exec: Executor, memberId: number) {
  const latest = await latestKycCase(exec, memberId);
  return latest ? kycCaseDto(latest) : null;
}
