import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../../db/schema/messaging.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { maskSecrets, sendMessage } from "./service.ts";

/** Secrets are not shown to support: the outbox by role, mode and adapter. */
const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };
const SECRETS = {
  owner: "MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U",
  support: "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ",
  auditor: "KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU",
} as const;
const TOKEN = "Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5";

const cookies = new WeakMap<TestApp, Record<string, string>>();
/** Each operator signs in once per app (a TOTP code is accepted once). */
async function outboxAs(t: TestApp, role: keyof typeof SECRETS) {
  const known = cookies.get(t) ?? {};
  cookies.set(t, known);
  if (!known[role]) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: `${role}-op`,
        password: "Outbox-pass-2026",
        totp: totpAt(SECRETS[role], Math.floor(Date.now() / 30000)),
      },
    });
    known[role] = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  }
  const list = await t.app.inject({
    method: "GET",
    url: "/api/admin/outbox",
    headers: { cookie: known[role] },
  });
  expect(list.statusCode, list.body).toBe(200);
  return JSON.stringify(list.json().value.items);
}

async function setUp(demo: "true" | "false") {
  const t = await createTestApp({ DEMO_MODE: demo, PUBLIC_URL: "https://panalo.example" });
  for (const role of Object.keys(SECRETS) as Array<keyof typeof SECRETS>) {
    await createOperator(t.database.db, {
      username: `${role}-op`,
      role,
      password: "Outbox-pass-2026",
      totpSecret: SECRETS[role],
    });
  }
  const ctx = t.app.ctx;
  await sendMessage(ctx, {
    channel: "sms",
    recipient: "09171234567",
    body: "Your Panalo verification code is 482913. It expires in 5 minutes.",
    purpose: "register",
  });
  await sendMessage(ctx, {
    channel: "email",
    recipient: "rosa@example.com",
    subject: "Reset your Panalo password",
    body: `To choose a new password, open https://panalo.example/resetPassword?token=${TOKEN} within 30 minutes.`,
    purpose: "password-reset",
  });
  return t;
}

describe("the outbox in demo mode (development adapter)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setUp("true");
  });
  afterAll(async () => t.close());

  it("shows codes and links to the owner only", async () => {
    const owner = await outboxAs(t, "owner");
    expect(owner).toContain("482913");
    expect(owner).toContain(TOKEN);
    for (const role of ["support", "auditor"] as const) {
      const seen = await outboxAs(t, role);
      expect(seen).not.toContain("482913");
      expect(seen).not.toContain(TOKEN);
      expect(seen).toContain("verification code is ******");
      expect(seen).toContain("https://panalo.example/resetPassword?********");
    }
  });

  it("keeps no live code once a real adapter has sent the message", async () => {
    await sendMessage(
      t.app.ctx,
      {
        channel: "sms",
        recipient: "09179999999",
        body: "Your Panalo verification code is 705118.",
        purpose: "login",
      },
      { name: "semaphore", send: async () => ({ ok: true, providerRef: "sem-1" }) },
    );
    const [row] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, "09179999999"));
    expect(row?.body).toBe("Your Panalo verification code is ******.");
    expect(await outboxAs(t, "owner")).not.toContain("705118");
  });
});

describe("the outbox outside demo mode", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await setUp("false");
  });
  afterAll(async () => t.close());

  it("masks codes and links for every role, the owner too", async () => {
    for (const role of ["owner", "support", "auditor"] as const) {
      const seen = await outboxAs(t, role);
      expect(seen).not.toContain("482913");
      expect(seen).not.toContain(TOKEN);
    }
  });
});

describe("maskSecrets", () => {
  it("hides codes, link queries and tokens, and leaves the rest readable", () => {
    expect(
      maskSecrets("Code 1234 for http://localhost:8080/reset?token=abc, ref ABCDEFGHIJKLMNOPQRSTUVWX1"),
    ).toBe("Code **** for http://localhost:8080/reset?******** ref ********");
  });
});
