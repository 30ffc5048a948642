import { createHash, randomInt } from "node:crypto";
import type { Config } from "../../config.ts";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";
import { devAdapter, type MessageAdapter, semaphoreAdapter, smtpAdapter } from "./adapters.ts";
import * as repo from "./repo.ts";

registerMessages("EN", {
  CODE_TOO_SOON: "A code was just sent. Please wait {seconds} seconds before asking again.",
  CODE_INVALID: "Enter a valid verification code.",
  SEND_FAILED: "We could not send the message. Please try again later.",
});
registerMessages("TY", {
  CODE_TOO_SOON: "Kapapadala lang ng code. Maghintay ng {seconds} segundo bago humiling muli.",
  CODE_INVALID: "Maglagay ng tamang verification code.",
  SEND_FAILED: "Hindi namin maipadala ang mensahe. Pakisubukang muli mamaya.",
});

registerMessages("CN", {
  CODE_TOO_SOON: "验证码刚刚已发送，请等待 {seconds} 秒后再重新获取。",
  CODE_INVALID: "请输入有效的验证码。",
  SEND_FAILED: "消息发送失败，请稍后重试。",
});
registerMessages("VI", {
  CODE_TOO_SOON: "Mã vừa được gửi. Vui lòng đợi {seconds} giây trước khi yêu cầu lại.",
  CODE_INVALID: "Vui lòng nhập mã xác minh hợp lệ.",
  SEND_FAILED: "Không thể gửi tin nhắn. Vui lòng thử lại sau.",
});
registerMessages("TH", {
  CODE_TOO_SOON: "เพิ่งส่งรหัสไปแล้ว กรุณารอ {seconds} วินาทีก่อนขอใหม่",
  CODE_INVALID: "กรุณากรอกรหัสยืนยันที่ถูกต้อง",
  SEND_FAILED: "ไม่สามารถส่งข้อความได้ กรุณาลองใหม่ภายหลัง",
});
registerMessages("ID", {
  CODE_TOO_SOON: "Kode baru saja dikirim. Silakan tunggu {seconds} detik sebelum meminta lagi.",
  CODE_INVALID: "Masukkan kode verifikasi yang valid.",
  SEND_FAILED: "Pesan tidak dapat dikirim. Silakan coba lagi nanti.",
});
registerMessages("JA", {
  CODE_TOO_SOON: "コードを送信したばかりです。再度リクエストするまで {seconds} 秒お待ちください。",
  CODE_INVALID: "有効な認証コードを入力してください。",
  SEND_FAILED: "メッセージを送信できませんでした。しばらくしてからもう一度お試しください。",
});

/** spec §4 "SMS send": codes live expiredMinutes; the site counts down before a resend. */
export const CODE_EXPIRED_MINUTES = 5;
export const RESEND_AFTER_S = 60;
export const MAX_CODE_ATTEMPTS = 5;

const adapterCache = new WeakMap<Config, { sms: MessageAdapter; email: MessageAdapter }>();
export function adaptersFor(config: Config): { sms: MessageAdapter; email: MessageAdapter } {
  const hit = adapterCache.get(config);
  if (hit) return hit;
  const made = {
    sms:
      config.SMS_PROVIDER === "semaphore"
        ? semaphoreAdapter({ apiKey: config.SEMAPHORE_API_KEY, senderName: config.SMS_SENDER_NAME })
        : devAdapter,
    email:
      config.EMAIL_PROVIDER === "smtp"
        ? smtpAdapter({ url: config.SMTP_URL, from: config.MAIL_FROM })
        : devAdapter,
  };
  adapterCache.set(config, made);
  return made;
}

/** Record the message in the outbox, hand it to the channel's adapter, record the outcome. */
export async function sendMessage(
  ctx: AppContext,
  m: { channel: "sms" | "email"; recipient: string; subject?: string; body: string; purpose: string },
  adapter: MessageAdapter = adaptersFor(ctx.config)[m.channel],
): Promise<void> {
  const id = await repo.insertOutbox(ctx.db, { ...m, subject: m.subject ?? null }, adapter.name);
  if (id === undefined) throw Errors.internal();
  const result = await adapter.send(m);
  // Once a real adapter has handed it on, the stored copy keeps no live code or link: whoever
  // reads the outbox (support, an auditor, a database dump) could otherwise use it.
  await repo.finishOutbox(ctx.db, id, {
    text: adapter.name === "dev" ? undefined : { body: maskSecrets(m.body), subject: m.subject ?? null },
    ok: result.ok,
    providerRef: result.providerRef ?? null,
    error: result.error ?? null,
    sentAt: result.ok ? ctx.clock.now() : null,
  });
  if (!result.ok) throw Errors.bad("SEND_FAILED");
}

/**
 * A message body with its secrets hidden: a link's query (reset tokens), long
 * token-like strings, and runs of 4–8 digits (verification codes).
 */
export function maskSecrets(body: string): string {
  return body
    .replace(/(https?:\/\/[^\s?#]+)[?#]\S*/g, "$1?********")
    .replace(/[A-Za-z0-9_-]{20,}/g, (t) => (/^[a-z]+$/i.test(t) ? t : "********"))
    .replace(/(?<![\w.:/-])\d{4,8}(?!\d)/g, (d) => "*".repeat(d.length));
}

/**
 * What the back-office outbox shows of a message: the development adapter's messages (which
 * nothing delivered, so the outbox is how a tester reads them) in full only in demo mode and
 * only to the owner; everything else masked, to every role.
 */
export function outboxBodyFor(
  config: Pick<Config, "DEMO_MODE">,
  role: string,
  row: { adapter: string; body: string },
): { body: string; masked: boolean } {
  if (row.adapter === "dev" && config.DEMO_MODE && role === "owner") return { body: row.body, masked: false };
  const body = maskSecrets(row.body);
  return { body, masked: body !== row.body };
}

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

/** One page of the outbox, newest first, and how many messages it holds. */
export function outboxPage(exec: Executor, limit: number, offset: number) {
  return repo.outboxPage(exec, limit, offset);
}
