import { type APIRequestContext, expect } from "@playwright/test";

/**
 * The back-office API as a signed-in operator's browser calls it, for test set-up the test is
 * not about (module switches) and for reading what the site sent (the outbox). Pass the
 * request context of the page that signed in to the back office: it carries its session cookie.
 */
const HEADERS = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

async function value<T>(res: Awaited<ReturnType<APIRequestContext["get"]>>): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { success: boolean; value: T };
  expect(body.success).toBe(true);
  return body.value;
}

/** Turn module switches (spec §3 module ids) on or off; the others keep their values. */
export async function setSwitches(api: APIRequestContext, change: Record<string, boolean>): Promise<void> {
  const current = await value<{ switches: Record<string, boolean> }>(
    await api.get("/api/admin/settings/whitelabel", { headers: HEADERS }),
  );
  await value(
    await api.put("/api/admin/settings/whitelabel", {
      headers: HEADERS,
      data: { switches: { ...current.switches, ...change } },
    }),
  );
}

interface OutboxMessage {
  id: number;
  channel: "sms" | "email";
  recipient: string;
  body: string;
  purpose: string;
}

/** The newest outbox message's id (0 when empty): messages after it are the test's own. */
export async function lastOutboxId(api: APIRequestContext): Promise<number> {
  const page = await value<{ items: OutboxMessage[] }>(
    await api.get("/api/admin/outbox?pageSize=1", { headers: HEADERS }),
  );
  return page.items[0]?.id ?? 0;
}

/** Wait for an e-mail to `recipient` newer than `afterId` and answer the first link in it. */
export async function outboxLink(
  api: APIRequestContext,
  recipient: string,
  afterId: number,
): Promise<string> {
  let link = "";
  await expect
    .poll(
      async () => {
        const page = await value<{ items: OutboxMessage[] }>(
          await api.get("/api/admin/outbox?pageSize=20", { headers: HEADERS }),
        );
        const mail = page.items.find(
          (m) => m.id > afterId && m.channel === "email" && m.recipient === recipient,
        );
        link = /https?:\/\/\S+/.exec(mail?.body ?? "")?.[0] ?? "";
        return link;
      },
      { message: `an e-mail for ${recipient} in the outbox`, timeout: 15_000 },
    )
    .not.toBe("");
  return link;
}

/**
 * Wait for an SMS to `recipient` newer than `afterId` and answer its six-digit code, as a
 * tester reads it from the back office's outbox (the development adapter sends nothing out).
 */
export async function smsCode(api: APIRequestContext, recipient: string, afterId: number): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const page = await value<{ items: OutboxMessage[] }>(
          await api.get("/api/admin/outbox?pageSize=20", { headers: HEADERS }),
        );
        const sms = page.items.find(
          (m) => m.id > afterId && m.channel === "sms" && m.recipient === recipient,
        );
        code = /\b(\d{6})\b/.exec(sms?.body ?? "")?.[1] ?? "";
        return code;
      },
      { message: `an SMS code for ${recipient} in the outbox`, timeout: 15_000 },
    )
    .not.toBe("");
  return code;
}
