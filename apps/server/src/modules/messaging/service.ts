import { createHash, randomInt } from "node:crypto";
import type { Config } from "../../config.ts";
import type { Executor } from "../../db/client.ts";
import type { AppContext } from "../../lib/context.ts";
import { AppError, Errors } from "../../lib/errors.ts";
import { devAdapter, type MessageAdapter, semaphoreAdapter, smtpAdapter } from "./adapters.ts";
import * as repo from "./repo.ts";

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
