import { createHash, randomInt } from "node:crypto";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";
import * as repo from "./repo.ts";

/** One-time verification codes: issued for a purpose and a target, spent once. */

registerMessages("EN", {
  CODE_TOO_SOON: "A code was just sent. Please wait {seconds} seconds before asking again.",
  CODE_INVALID: "Enter a valid verification code.",
});
registerMessages("TY", {
  CODE_TOO_SOON: "Kapapadala lang ng code. Maghintay ng {seconds} segundo bago humiling muli.",
  CODE_INVALID: "Maglagay ng tamang verification code.",
});

registerMessages("CN", {
  CODE_TOO_SOON: "验证码刚刚已发送，请等待 {seconds} 秒后再重新获取。",
  CODE_INVALID: "请输入有效的验证码。",
});
registerMessages("VI", {
  CODE_TOO_SOON: "Mã vừa được gửi. Vui lòng đợi {seconds} giây trước khi yêu cầu lại.",
  CODE_INVALID: "Vui lòng nhập mã xác minh hợp lệ.",
});
registerMessages("TH", {
  CODE_TOO_SOON: "เพิ่งส่งรหัสไปแล้ว กรุณารอ {seconds} วินาทีก่อนขอใหม่",
  CODE_INVALID: "กรุณากรอกรหัสยืนยันที่ถูกต้อง",
});
registerMessages("ID", {
  CODE_TOO_SOON: "Kode baru saja dikirim. Silakan tunggu {seconds} detik sebelum meminta lagi.",
  CODE_INVALID: "Masukkan kode verifikasi yang valid.",
});
registerMessages("JA", {
  CODE_TOO_SOON: "コードを送信したばかりです。再度リクエストするまで {seconds} 秒お待ちください。",
  CODE_INVALID: "有効な認証コードを入力してください。",
});

/** spec §4 "SMS send": codes live expiredMinutes; the site counts down before a resend. */
export const CODE_EXPIRED_MINUTES = 5;
export const RESEND_AFTER_S = 60;
export const MAX_CODE_ATTEMPTS = 5;

const hashCode = (purpose: string, target: string, code: string) =>
  createHash("sha256").update(`${purpose}\0${target}\0${code}`).digest("hex");

/** Issue a 6-digit code for purpose and target, at most one per RESEND_AFTER_S. */
export async function issueCode(ctx: AppContext, purpose: string, target: string): Promise<string> {
  const now = ctx.clock.now();
  const last = await repo.lastCodeIssuedAt(ctx.db, purpose, target);
  const since = last ? (now.getTime() - last.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (since < RESEND_AFTER_S)
    throw new AppError("CODE_TOO_SOON", 429, { seconds: Math.ceil(RESEND_AFTER_S - since) });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await repo.insertCode(ctx.db, {
    purpose,
    target,
    codeHash: hashCode(purpose, target, code),
    expiresAt: new Date(now.getTime() + CODE_EXPIRED_MINUTES * 60_000),
    createdAt: now,
  });
  return code;
}

/**
 * Spend a code: the newest live code for purpose and target must match. Each wrong try counts;
 * after MAX_CODE_ATTEMPTS the code is dead. A right code works once.
 */
export async function consumeCode(
  ctx: AppContext,
  purpose: string,
  target: string,
  code: string,
): Promise<void> {
  const now = ctx.clock.now();
  const row = await repo.liveCode(ctx.db, purpose, target, now);
  if (!row) throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
  // A try is reserved atomically before the comparison, so parallel guesses count like
  // sequential ones and none is compared past MAX_CODE_ATTEMPTS.
  const reserved = await repo.reserveTry(ctx.db, row.id, MAX_CODE_ATTEMPTS);
  if (!reserved || row.codeHash !== hashCode(purpose, target, code.trim())) {
    throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
  }
  if (!(await repo.spendCode(ctx.db, row.id, now)))
    throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
}
