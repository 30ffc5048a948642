import { createHash, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import { outbox, verificationCodes } from "../../db/schema/messaging.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { registerMessages } from "../../lib/messages.ts";
import { devAdapter, type MessageAdapter, semaphoreAdapter, smtpAdapter } from "./adapters.ts";

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
): Promise<void> {
  const adapter = adaptersFor(ctx.config)[m.channel];
  const [row] = await ctx.db
    .insert(outbox)
    .values({ ...m, subject: m.subject ?? null, adapter: adapter.name, status: "queued" })
    .returning({ id: outbox.id });
  if (!row) throw Errors.internal();
  const result = await adapter.send(m);
  await ctx.db
    .update(outbox)
    .set({
      status: result.ok ? "sent" : "failed",
      providerRef: result.providerRef ?? null,
      error: result.error ?? null,
      sentAt: result.ok ? ctx.clock.now() : null,
    })
    .where(eq(outbox.id, row.id));
  if (!result.ok) throw Errors.bad("SEND_FAILED");
}

const hashCode = (purpose: string, target: string, code: string) =>
  createHash("sha256").update(`${purpose}\0${target}\0${code}`).digest("hex");

/** Issue a 6-digit code for purpose and target, at most one per RESEND_AFTER_S. */
export async function issueCode(ctx: AppContext, purpose: string, target: string): Promise<string> {
  const now = ctx.clock.now();
  const [last] = await ctx.db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const since = last ? (now.getTime() - last.createdAt.getTime()) / 1000 : Number.POSITIVE_INFINITY;
  if (since < RESEND_AFTER_S)
    throw new AppError("CODE_TOO_SOON", 429, { seconds: Math.ceil(RESEND_AFTER_S - since) });
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await ctx.db.insert(verificationCodes).values({
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
  const [row] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.target, target),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  if (!row || row.attempts >= MAX_CODE_ATTEMPTS)
    throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
  if (row.codeHash !== hashCode(purpose, target, code.trim())) {
    await ctx.db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
  }
  const spent = await ctx.db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  if (spent.length === 0) throw Errors.validation([{ path: "verificationCode", message: "CODE_INVALID" }]);
}
