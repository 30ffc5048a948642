import { formatMinor, formatPeso } from "@panalo/contracts/money";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import { type Db, type Executor, queryRows, type Tx } from "../../db/client.ts";
import { members } from "../../db/schema/members.ts";
import { payoutAccounts, type WithdrawalStatus, withdrawals } from "../../db/schema/payments.ts";
import { recordAudit } from "../../lib/audit.ts";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import { emitMemberEvent } from "../../lib/member-events.ts";
import { requireOwnUpload } from "../../lib/member-uploads.ts";
import { registerMessages } from "../../lib/messages.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { singleFlight } from "../../lib/single-flight.ts";
import { forfeitOnWithdrawal } from "../bonus/service.ts";
import { notifyMembers, postIn } from "../ledger/service.ts";
import { memberWithdrawLimits } from "../loyalty/service.ts";
import { requireKycFor, verifyTxPassword } from "../members/service.ts";
import { manilaDay, manilaStart } from "../reports/service.ts";
import { payoutAccountsOf } from "./repo.ts";

registerMessages("EN", {
  WITHDRAW_DAILY_MAX: "Your level {level} may withdraw up to {max} a day; {left} is left today.",
  WITHDRAW_DAILY_COUNT: "Your level {level} may make {count} withdrawals a day; try again tomorrow.",
  TX_PASSWORD_NOT_SET: "Set a transaction password first.",
  TX_PASSWORD_WRONG: "The transaction password is wrong.",
  TX_PASSWORD_LOCKED: "Too many wrong transaction passwords. Try again in 15 minutes.",
  REAL_NAME_REQUIRED: "Enter your real name first.",
  REAL_NAME_SET: "Your real name is already set. Contact customer service to change it.",
  PAYEE_NAME_MISMATCH: "The account holder's name must be your real name.",
  ewallet_unknown: "choose one of the listed e-wallets (GCash, Maya, GrabPay, ShopeePay, Coins.ph).",
  PAYOUT_ACCOUNT_NOT_FOUND: "That payout account was not found.",
  AMOUNT_BELOW_MIN: "The smallest withdrawal is {min}.",
  AMOUNT_ABOVE_MAX: "The largest withdrawal is {max}.",
  WITHDRAWAL_NOT_PENDING: "This withdrawal has already been decided.",
  WITHDRAWAL_NOT_PAID: "You can confirm receipt only after the withdrawal is paid.",
});
registerMessages("TY", {
  WITHDRAW_DAILY_MAX:
    "Ang iyong level na {level} ay makakapag-withdraw hanggang {max} bawat araw; {left} na lang ang natitira ngayon.",
  WITHDRAW_DAILY_COUNT:
    "Ang iyong level na {level} ay may {count} withdrawal bawat araw; subukang muli bukas.",
  TX_PASSWORD_NOT_SET: "Magtakda muna ng transaction password.",
  TX_PASSWORD_WRONG: "Mali ang transaction password.",
  TX_PASSWORD_LOCKED:
    "Masyadong maraming maling transaction password. Subukang muli pagkalipas ng 15 minuto.",
  REAL_NAME_REQUIRED: "Ilagay muna ang iyong tunay na pangalan.",
  REAL_NAME_SET:
    "Nakatakda na ang iyong tunay na pangalan. Makipag-ugnayan sa customer service para baguhin ito.",
  PAYEE_NAME_MISMATCH: "Ang pangalan ng may-ari ng account ay dapat ang iyong tunay na pangalan.",
  ewallet_unknown: "pumili ng isa sa mga nakalistang e-wallet (GCash, Maya, GrabPay, ShopeePay, Coins.ph).",
  PAYOUT_ACCOUNT_NOT_FOUND: "Hindi nahanap ang payout account na iyon.",
  AMOUNT_BELOW_MIN: "Ang pinakamaliit na withdrawal ay {min}.",
  AMOUNT_ABOVE_MAX: "Ang pinakamalaking withdrawal ay {max}.",
  WITHDRAWAL_NOT_PENDING: "Napagpasyahan na ang withdrawal na ito.",
  WITHDRAWAL_NOT_PAID: "Makukumpirma mo lang ang pagtanggap kapag nabayaran na ang withdrawal.",
});

registerMessages("CN", {
  WITHDRAW_DAILY_MAX: "您的等级 {level} 每日最多可提款 {max}，今日剩余 {left}。",
  WITHDRAW_DAILY_COUNT: "您的等级 {level} 每日可提款 {count} 次，请明天再试。",
  TX_PASSWORD_NOT_SET: "请先设置交易密码。",
  TX_PASSWORD_WRONG: "交易密码错误。",
  TX_PASSWORD_LOCKED: "交易密码错误次数过多，请 15 分钟后再试。",
  REAL_NAME_REQUIRED: "请先填写您的真实姓名。",
  REAL_NAME_SET: "您的真实姓名已设置，如需修改请联系客服。",
  PAYEE_NAME_MISMATCH: "账户持有人姓名必须与您的真实姓名一致。",
  ewallet_unknown: "请从列出的电子钱包中选择（GCash、Maya、GrabPay、ShopeePay、Coins.ph）。",
  PAYOUT_ACCOUNT_NOT_FOUND: "找不到该收款账户。",
  AMOUNT_BELOW_MIN: "最低提款金额为 {min}。",
  AMOUNT_ABOVE_MAX: "最高提款金额为 {max}。",
  WITHDRAWAL_NOT_PENDING: "该笔提款已处理。",
  WITHDRAWAL_NOT_PAID: "提款完成支付后才能确认收款。",
});
registerMessages("VI", {
  WITHDRAW_DAILY_MAX: "Cấp {level} của bạn được rút tối đa {max} mỗi ngày; hôm nay còn {left}.",
  WITHDRAW_DAILY_COUNT: "Cấp {level} của bạn được rút {count} lần mỗi ngày; vui lòng thử lại vào ngày mai.",
  TX_PASSWORD_NOT_SET: "Vui lòng đặt mật khẩu giao dịch trước.",
  TX_PASSWORD_WRONG: "Mật khẩu giao dịch không đúng.",
  TX_PASSWORD_LOCKED: "Nhập sai mật khẩu giao dịch quá nhiều lần. Vui lòng thử lại sau 15 phút.",
  REAL_NAME_REQUIRED: "Vui lòng nhập họ tên thật của bạn trước.",
  REAL_NAME_SET: "Họ tên thật của bạn đã được thiết lập. Liên hệ chăm sóc khách hàng để thay đổi.",
  PAYEE_NAME_MISMATCH: "Tên chủ tài khoản phải là họ tên thật của bạn.",
  ewallet_unknown:
    "hãy chọn một trong các ví điện tử được liệt kê (GCash, Maya, GrabPay, ShopeePay, Coins.ph).",
  PAYOUT_ACCOUNT_NOT_FOUND: "Không tìm thấy tài khoản nhận tiền này.",
  AMOUNT_BELOW_MIN: "Số tiền rút tối thiểu là {min}.",
  AMOUNT_ABOVE_MAX: "Số tiền rút tối đa là {max}.",
  WITHDRAWAL_NOT_PENDING: "Khoản rút này đã được xử lý.",
  WITHDRAWAL_NOT_PAID: "Bạn chỉ có thể xác nhận đã nhận tiền sau khi khoản rút đã được chi trả.",
});
registerMessages("TH", {
  WITHDRAW_DAILY_MAX: "ระดับ {level} ของคุณถอนได้สูงสุด {max} ต่อวัน วันนี้เหลือ {left}",
  WITHDRAW_DAILY_COUNT: "ระดับ {level} ของคุณถอนได้ {count} ครั้งต่อวัน กรุณาลองใหม่พรุ่งนี้",
  TX_PASSWORD_NOT_SET: "กรุณาตั้งรหัสผ่านธุรกรรมก่อน",
  TX_PASSWORD_WRONG: "รหัสผ่านธุรกรรมไม่ถูกต้อง",
  TX_PASSWORD_LOCKED: "กรอกรหัสผ่านธุรกรรมผิดหลายครั้งเกินไป กรุณาลองใหม่ในอีก 15 นาที",
  REAL_NAME_REQUIRED: "กรุณากรอกชื่อจริงของคุณก่อน",
  REAL_NAME_SET: "ชื่อจริงของคุณถูกตั้งค่าแล้ว หากต้องการเปลี่ยนกรุณาติดต่อฝ่ายบริการลูกค้า",
  PAYEE_NAME_MISMATCH: "ชื่อเจ้าของบัญชีต้องเป็นชื่อจริงของคุณ",
  ewallet_unknown: "กรุณาเลือกอีวอลเล็ตจากรายการ (GCash, Maya, GrabPay, ShopeePay, Coins.ph)",
  PAYOUT_ACCOUNT_NOT_FOUND: "ไม่พบบัญชีรับเงินนี้",
  AMOUNT_BELOW_MIN: "ยอดถอนขั้นต่ำคือ {min}",
  AMOUNT_ABOVE_MAX: "ยอดถอนสูงสุดคือ {max}",
  WITHDRAWAL_NOT_PENDING: "รายการถอนนี้ได้รับการพิจารณาแล้ว",
  WITHDRAWAL_NOT_PAID: "คุณยืนยันการได้รับเงินได้หลังจากรายการถอนได้รับการจ่ายแล้วเท่านั้น",
});
registerMessages("ID", {
  WITHDRAW_DAILY_MAX: "Level {level} Anda dapat menarik hingga {max} per hari; sisa hari ini {left}.",
  WITHDRAW_DAILY_COUNT: "Level {level} Anda dapat melakukan {count} penarikan per hari; coba lagi besok.",
  TX_PASSWORD_NOT_SET: "Atur kata sandi transaksi terlebih dahulu.",
  TX_PASSWORD_WRONG: "Kata sandi transaksi salah.",
  TX_PASSWORD_LOCKED: "Terlalu banyak kata sandi transaksi yang salah. Coba lagi dalam 15 menit.",
  REAL_NAME_REQUIRED: "Masukkan nama asli Anda terlebih dahulu.",
  REAL_NAME_SET: "Nama asli Anda sudah diatur. Hubungi layanan pelanggan untuk mengubahnya.",
  PAYEE_NAME_MISMATCH: "Nama pemilik rekening harus nama asli Anda.",
  ewallet_unknown: "pilih salah satu e-wallet yang tercantum (GCash, Maya, GrabPay, ShopeePay, Coins.ph).",
  PAYOUT_ACCOUNT_NOT_FOUND: "Rekening penarikan tersebut tidak ditemukan.",
  AMOUNT_BELOW_MIN: "Penarikan terkecil adalah {min}.",
  AMOUNT_ABOVE_MAX: "Penarikan terbesar adalah {max}.",
  WITHDRAWAL_NOT_PENDING: "Penarikan ini sudah diputuskan.",
  WITHDRAWAL_NOT_PAID: "Anda baru dapat mengonfirmasi penerimaan setelah penarikan dibayarkan.",
});
registerMessages("JA", {
  WITHDRAW_DAILY_MAX: "あなたのレベル {level} の出金上限は 1 日 {max} です。本日の残りは {left} です。",
  WITHDRAW_DAILY_COUNT:
    "あなたのレベル {level} の出金は 1 日 {count} 回までです。明日もう一度お試しください。",
  TX_PASSWORD_NOT_SET: "先に取引パスワードを設定してください。",
  TX_PASSWORD_WRONG: "取引パスワードが正しくありません。",
  TX_PASSWORD_LOCKED: "取引パスワードの誤りが多すぎます。15 分後にもう一度お試しください。",
  REAL_NAME_REQUIRED: "先に本名を入力してください。",
  REAL_NAME_SET: "本名はすでに設定されています。変更はカスタマーサービスまでお問い合わせください。",
  PAYEE_NAME_MISMATCH: "口座名義はご本人の本名である必要があります。",
  ewallet_unknown: "一覧の電子ウォレット（GCash、Maya、GrabPay、ShopeePay、Coins.ph）から選択してください。",
  PAYOUT_ACCOUNT_NOT_FOUND: "その受取口座が見つかりません。",
  AMOUNT_BELOW_MIN: "最低出金額は {min} です。",
  AMOUNT_ABOVE_MAX: "最高出金額は {max} です。",
  WITHDRAWAL_NOT_PENDING: "この出金はすでに処理済みです。",
  WITHDRAWAL_NOT_PAID: "受取の確認は出金の支払い完了後に行えます。",
});

/** Operator settings (defaults until the back office sets them): ₱100 to ₱50,000, 24 h to confirm. */
export const WITHDRAWAL_LIMITS = { min: 10_000n, max: 5_000_000n, autoReceiveMinutes: 24 * 60 };

const normalName = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

export async function setRealName(db: Db, memberId: number, realName: string): Promise<void> {
  const done = await db
    .update(members)
    .set({ realName: realName.trim().replace(/\s+/g, " ") })
    .where(and(eq(members.id, memberId), isNull(members.realName)))
    .returning({ id: members.id });
  if (done.length === 0) throw Errors.conflict("REAL_NAME_SET");
}

/** Set or change the transaction password (separate from the login password, argon2id). */
export async function setTxPassword(
  ctx: AppContext,
  memberId: number,
  current: string | undefined,
  next: string,
): Promise<void> {
  const { db } = ctx;
  const [m] = await db.select({ tx: members.txPasswordHash }).from(members).where(eq(members.id, memberId));
  // Changing it needs the current one, counted with the same tries as a withdrawal's.
  if (m?.tx) await verifyTxPassword(ctx, memberId, m.tx, current ?? "", "currentTransactionPassword");
  await db
    .update(members)
    .set({ txPasswordHash: await hashPassword(next) })
    .where(eq(members.id, memberId));
}

export async function addPayoutAccount(
  db: Db,
  memberId: number,
  input: { kind: "bank" | "ewallet"; provider: string; accountName: string; accountNumber: string },
) {
  const [m] = await db.select({ realName: members.realName }).from(members).where(eq(members.id, memberId));
  if (!m?.realName) throw Errors.bad("REAL_NAME_REQUIRED");
  if (normalName(m.realName) !== normalName(input.accountName)) {
    throw Errors.validation([{ path: "accountName", message: "PAYEE_NAME_MISMATCH" }]);
  }
  const [row] = await db
    .insert(payoutAccounts)
    .values({ memberId, ...input, accountName: m.realName })
    .onConflictDoNothing()
    .returning();
  if (!row) throw Errors.conflict("PAYOUT_ACCOUNT_EXISTS");
  return row;
}

async function checkTxPassword(ctx: AppContext, memberId: number, password: string): Promise<void> {
  const [m] = await ctx.db
    .select({ tx: members.txPasswordHash })
    .from(members)
    .where(eq(members.id, memberId));
  await verifyTxPassword(ctx, memberId, m?.tx ?? null, password);
}

export const withdrawalDto = (w: typeof withdrawals.$inferSelect) => ({
  id: w.id,
  amount: formatMinor(w.amount),
  currency: w.currency,
  payout: { ...w.payout, accountNumber: `••••${w.payout.accountNumber.slice(-4)}` },
  status: w.status,
  reason: w.reason,
  createdAt: w.createdAt.toISOString(),
  decidedAt: w.decidedAt?.toISOString() ?? null,
  receiptAt: w.receiptAt?.toISOString() ?? null,
  proofUrl: w.proofUrl,
  payoutReference: w.payoutReference,
});

/**
 * A withdrawal request: the amount is held at once (main → hold) in the same transaction that
 * records the request, so two requests can never together exceed the balance. A retried
 * request (same requestId) answers the first one.
 */
export function requestWithdrawal(
  ctx: AppContext,
  memberId: number,
  input: { amount: bigint; payoutAccountId: number; transactionPassword: string; requestId: string },
) {
  // The same request id sent again while it runs shares its answer: a replay is answered
  // before it could count a transaction-password try (20 right answers at once never lock).
  return singleFlight(ctx, `withdrawal:${memberId}:${input.requestId}`, () =>
    requestWithdrawalOnce(ctx, memberId, input),
  );
}

async function requestWithdrawalOnce(
  ctx: AppContext,
  memberId: number,
  input: { amount: bigint; payoutAccountId: number; transactionPassword: string; requestId: string },
) {
  const limits = WITHDRAWAL_LIMITS;
  if (input.amount < limits.min) throw Errors.bad("AMOUNT_BELOW_MIN", { min: formatPeso(limits.min) });
  if (input.amount > limits.max) throw Errors.bad("AMOUNT_ABOVE_MAX", { max: formatPeso(limits.max) });
  const [existing] = await ctx.db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, input.requestId)));
  if (existing) return withdrawalDto(existing);
  // The operator may reserve a first withdrawal, or large ones, for verified accounts.
  await requireKycFor(ctx.db, memberId, { kind: "withdrawal", amount: input.amount }, ctx.clock.now());
  await checkTxPassword(ctx, memberId, input.transactionPassword);
  const [account] = await ctx.db
    .select()
    .from(payoutAccounts)
    .where(
      and(
        eq(payoutAccounts.id, input.payoutAccountId),
        eq(payoutAccounts.memberId, memberId),
        isNull(payoutAccounts.removedAt),
      ),
    );
  if (!account) throw Errors.notFoundCode("PAYOUT_ACCOUNT_NOT_FOUND");
  const [m] = await ctx.db
    .select({ currency: members.currency })
    .from(members)
    .where(eq(members.id, memberId));
  const currency = m?.currency ?? "PHP";
  const legs = [
    { account: { member: memberId, kind: "main" as const, currency }, amount: -input.amount },
    { account: { member: memberId, kind: "hold" as const, currency }, amount: input.amount },
  ];
  const row = await ctx.db
    .transaction(async (tx) => {
      // Before the hold locks main: the member's lock comes first (the provider protocol's order).
      await forfeitOnWithdrawal(tx, memberId, input.requestId, ctx.clock.now());
      // Under the member's lock (taken just above), so two requests at once count each other.
      await checkVipWithdrawLimits(tx, memberId, input.amount, ctx.clock.now());
      const [w] = await tx
        .insert(withdrawals)
        .values({
          memberId,
          requestId: input.requestId,
          amount: input.amount,
          currency,
          payout: {
            kind: account.kind,
            provider: account.provider,
            accountName: account.accountName,
            accountNumber: account.accountNumber,
          },
          status: "pending",
          // The app's clock (the VIP daily limits count the Manila day by it).
          createdAt: ctx.clock.now(),
        })
        .returning();
      if (!w) throw Errors.internal();
      await postIn(tx, {
        idempotencyKey: `withdrawal:${w.id}:hold`,
        type: "withdrawal_hold",
        reference: `W${w.id}`,
        memberId,
        legs,
      });
      return w;
    })
    .catch(async (err: { code?: string; cause?: { code?: string } }) => {
      // The same request sent twice at once: the second finds the first's row.
      if ((err.code ?? err.cause?.code) !== "23505") throw err;
      const [first] = await ctx.db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.requestId, input.requestId)));
      if (!first) throw err;
      return first;
    });
  await notifyMembers(ctx, { legs });
  return withdrawalDto(row);
}

/**
 * The day's withdrawals of a member (Manila day, every request not rejected: a pending one
 * counts, since its money is already held).
 */
export async function withdrawnToday(exec: Executor, memberId: number, now: Date) {
  const from = manilaStart(manilaDay(now));
  const [row] = await queryRows<{ n: string; total: string }>(
    exec,
    sql`SELECT COUNT(*)::text AS n, COALESCE(SUM(amount), 0)::text AS total FROM withdrawals
        WHERE member_id = ${memberId} AND status <> 'rejected' AND created_at >= ${from.toISOString()}::timestamptz`,
  );
  return { count: Number(row?.n ?? 0), amount: BigInt(row?.total ?? "0") };
}

/** The VIP level's daily withdrawal limits (amount and count); the caller holds the member's lock. */
async function checkVipWithdrawLimits(tx: Tx, memberId: number, amount: bigint, now: Date) {
  const limits = await memberWithdrawLimits(tx, memberId);
  if (limits.dailyMax === null && limits.dailyCount === null) return;
  const used = await withdrawnToday(tx, memberId, now);
  if (limits.dailyCount !== null && used.count >= limits.dailyCount) {
    throw Errors.bad("WITHDRAW_DAILY_COUNT", { level: limits.name, count: String(limits.dailyCount) });
  }
  if (limits.dailyMax !== null && used.amount + amount > limits.dailyMax) {
    const left = limits.dailyMax > used.amount ? limits.dailyMax - used.amount : 0n;
    throw Errors.bad("WITHDRAW_DAILY_MAX", {
      level: limits.name,
      max: formatPeso(limits.dailyMax),
      left: formatPeso(left),
    });
  }
}

/** What marking a withdrawal paid or rejecting it needs: the payout's reference, or a reason. */
export type WithdrawalDecision =
  | { approve: true; payoutReference: string }
  | { approve: false; reason: string };

/**
 * The operator's decision: paid (hold → the house's payouts) or rejected (hold → main). The
 * status moves only from pending, in the same transaction as the money, so a double click or
 * two operators at once decide once.
 */
export async function decideWithdrawal(
  ctx: AppContext,
  op: { id: number; username: string },
  id: number,
  decision: WithdrawalDecision,
  ip: string,
) {
  const result = await ctx.db.transaction((tx) => decideWithdrawalIn(ctx, tx, op, id, decision, ip));
  await notifyMembers(ctx, { legs: result.legs });
  return withdrawalDto(result.w);
}

/**
 * The decision inside the caller's transaction (a bulk approval runs several in one). Answers
 * the row and the legs to announce once committed; WITHDRAWAL_NOT_PENDING when it was decided.
 */
export async function decideWithdrawalIn(
  ctx: AppContext,
  tx: Tx,
  op: { id: number; username: string },
  id: number,
  decision: WithdrawalDecision,
  ip: string,
) {
  const [w] = await tx
    .update(withdrawals)
    .set({
      status: decision.approve ? "paid" : "rejected",
      reason: decision.approve ? null : decision.reason,
      payoutReference: decision.approve ? decision.payoutReference : null,
      decidedBy: op.id,
      decidedAt: ctx.clock.now(),
    })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.status, "pending")))
    .returning();
  if (!w) {
    const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
    throw exists ? Errors.conflict("WITHDRAWAL_NOT_PENDING") : Errors.notFound("withdrawal");
  }
  const hold = { member: w.memberId, kind: "hold" as const, currency: w.currency };
  const legs = decision.approve
    ? [
        { account: hold, amount: -w.amount },
        { account: { house: "payouts", currency: w.currency }, amount: w.amount },
      ]
    : [
        { account: hold, amount: -w.amount },
        { account: { member: w.memberId, kind: "main" as const, currency: w.currency }, amount: w.amount },
      ];
  await postIn(tx, {
    idempotencyKey: `withdrawal:${w.id}:${decision.approve ? "paid" : "released"}`,
    type: decision.approve ? "withdrawal_paid" : "withdrawal_released",
    // The member's account record shows the payout's own reference on the paid line.
    reference: decision.approve ? payoutLedgerReference(w.id, decision.payoutReference) : `W${w.id}`,
    memberId: w.memberId,
    legs,
  });
  // The member's message about it, in this transaction, once per decision.
  await emitMemberEvent(tx, {
    kind: decision.approve ? "withdrawal.paid" : "withdrawal.rejected",
    memberId: w.memberId,
    ref: `W${w.id}`,
    params: {
      id: `W${w.id}`,
      amount: w.amount.toString(),
      currency: w.currency,
      reference: decision.approve ? decision.payoutReference : null,
      reason: decision.approve ? null : decision.reason,
    },
  });
  await recordAudit(tx, {
    operatorId: op.id,
    operatorName: op.username,
    action: decision.approve ? "approve" : "reject",
    entityType: "withdrawal",
    entityId: String(id),
    before: { status: "pending" },
    after: { status: w.status, reason: w.reason, payoutReference: w.payoutReference },
    ip,
  });
  return { w, legs };
}

/** "W12 · GC-0099812": the withdrawal and the payout reference the member can look up. */
export const payoutLedgerReference = (id: number, payoutReference: string) => `W${id} · ${payoutReference}`;

/** The member's receipt of a paid withdrawal (spec §4): no money moves; a forced receipt is final. */
export async function confirmReceipt(
  ctx: AppContext,
  memberId: number,
  id: number,
  state: "received" | "partly_received" | "not_received",
  proofUrl: string | null,
) {
  if (proofUrl) await requireOwnUpload(ctx.db, memberId, proofUrl, "proofUrl");
  const [w] = await ctx.db
    .update(withdrawals)
    .set({ status: state as WithdrawalStatus, receiptAt: ctx.clock.now(), proofUrl })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.memberId, memberId), eq(withdrawals.status, "paid")))
    .returning();
  if (!w) {
    const [exists] = await ctx.db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.memberId, memberId)));
    throw exists ? Errors.conflict("WITHDRAWAL_NOT_PAID") : Errors.notFound("withdrawal");
  }
  return withdrawalDto(w);
}

/** The scheduled job: a paid withdrawal not confirmed within the operator's minutes counts as received. */
export async function autoReceive(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - WITHDRAWAL_LIMITS.autoReceiveMinutes * 60_000);
  const rows = await ctx.db
    .update(withdrawals)
    .set({ status: "auto_received", receiptAt: ctx.clock.now() })
    .where(and(eq(withdrawals.status, "paid"), lt(withdrawals.decidedAt, cutoff)))
    .returning({ id: withdrawals.id });
  return rows.length;
}

export async function memberWithdrawals(db: Db, memberId: number, page: number, pageSize: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.memberId, memberId))
      .orderBy(desc(withdrawals.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(withdrawals).where(eq(withdrawals.memberId, memberId)),
  ]);
  return { items: rows.map(withdrawalDto), total: count?.n ?? 0 };
}

/** How many payout accounts the member has bound (the back office's player page). */
export async function payoutAccountCount(db: Db, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payoutAccounts)
    .where(and(eq(payoutAccounts.memberId, memberId), isNull(payoutAccounts.removedAt)));
  return row?.n ?? 0;
}

/** The member's payout accounts not removed, oldest first, as the member sees them. */
export async function payoutAccountList(exec: Executor, memberId: number) {
  const rows = await payoutAccountsOf(exec, memberId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    provider: r.provider,
    accountName: r.accountName,
    accountNumber: r.accountNumber,
  }));
}
