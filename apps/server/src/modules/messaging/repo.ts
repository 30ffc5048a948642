import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { outbox, verificationCodes } from "../../db/schema/messaging.ts";

/** Every statement on the messaging tables: the outbox and the verification codes. */

/** Record a message as queued for its adapter; returns its outbox id. */
export async function insertOutbox(
  exec: Executor,
  m: { channel: "sms" | "email"; recipient: string; subject: string | null; body: string; purpose: string },
  adapter: string,
): Promise<number | undefined> {
  const [row] = await exec
    .insert(outbox)
    .values({ ...m, adapter, status: "queued" })
    .returning({ id: outbox.id });
  return row?.id;
}

/** The adapter's outcome, and the copy kept of the text when `text` is given. */
export async function finishOutbox(
  exec: Executor,
  id: number,
  outcome: {
    text?: { body: string; subject: string | null };
    ok: boolean;
    providerRef: string | null;
    error: string | null;
    sentAt: Date | null;
  },
): Promise<void> {
  await exec
    .update(outbox)
    .set({
      ...(outcome.text ?? {}),
      status: outcome.ok ? "sent" : "failed",
      providerRef: outcome.providerRef,
      error: outcome.error,
      sentAt: outcome.sentAt,
    })
    .where(eq(outbox.id, id));
}

/** When the latest code for purpose and target was issued. */
export async function lastCodeIssuedAt(
  exec: Executor,
  purpose: string,
  target: string,
): Promise<Date | undefined> {
  const [last] = await exec
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return last?.createdAt;
}

export async function insertCode(
  exec: Executor,
  c: { purpose: string; target: string; codeHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await exec.insert(verificationCodes).values(c);
}

/** The newest code for purpose and target that is neither spent nor expired at `now`. */
export async function liveCode(exec: Executor, purpose: string, target: string, now: Date) {
  const [row] = await exec
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
  return row;
}

/** Count one try on an unspent code, atomically, unless it already had `maxAttempts`. */
export async function reserveTry(exec: Executor, id: number, maxAttempts: number): Promise<boolean> {
  const reserved = await exec
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        lt(verificationCodes.attempts, maxAttempts),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({ id: verificationCodes.id });
  return reserved.length > 0;
}

/** Spend an unspent code; false when another call spent it first. */
export async function spendCode(exec: Executor, id: number, at: Date): Promise<boolean> {
  const spent = await exec
    .update(verificationCodes)
    .set({ consumedAt: at })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return spent.length > 0;
}

/** One page of the outbox, newest first, and how many messages it holds. */
export async function outboxPage(exec: Executor, limit: number, offset: number) {
  const [items, [count]] = await Promise.all([
    exec.select().from(outbox).orderBy(desc(outbox.id)).limit(limit).offset(offset),
    exec.select({ n: sql<number>`count(*)::int` }).from(outbox),
  ]);
  return { items, total: count?.n ?? 0 };
}
