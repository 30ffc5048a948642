import { createServer } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config.ts";
import { media } from "../../db/schema/content.ts";
import { paymentChannels } from "../../db/schema/payments.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { TINY_PNG, uploadProof } from "../../testing/uploads.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { reconcile } from "../ledger/ledger.ts";
import { CALLBACK_WINDOW_S, signSandbox } from "./gateways.ts";

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

describe("deposits", () => {
  let t: TestApp;
  let base = "";
  let token = "";
  let otherToken = "";
  let cookie = "";

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: base, SITE_HOSTS: "m.panalo.test" });
    await seedDemoContent(t.database.db, t.config);
    // The sandbox gateway calls the platform back over HTTP, as a real gateway would.
    await t.app.listen({ host: "127.0.0.1", port });
    const reg = async (username: string, ip: string) =>
      (
        await t.app.inject({
          method: "PUT",
          url: "/wps/member/register",
          payload: {
            username,
            password: "secret123",
            confirmPassword: "secret123",
            ageConfirmed: true,
            agree: true,
            humanCheck: await solvedHumanCheck(t.app),
          },
          remoteAddress: ip,
        })
      ).json().value.token;
    token = await reg("Dina2026", "10.5.0.1");
    otherToken = await reg("Eddie2026", "10.5.0.2");
    const secret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
    await createOperator(t.database.db, {
      username: "cashier",
      role: "finance",
      password: "Cashier-pass-2026",
      totpSecret: secret,
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/session",
      headers: H,
      payload: {
        username: "cashier",
        password: "Cashier-pass-2026",
        totp: totpAt(secret, Math.floor(Date.now() / 30000)),
      },
    });
    cookie = `panalo_admin=${res.cookies.find((c) => c.name === "panalo_admin")?.value}`;
  });
  afterAll(async () => t.close());

  const as = (tk: string) => ({ authorization: `Bearer ${tk}`, "x-lang": "EN" });
  const checkoutCookie = (res: { cookies: Array<{ name: string; value: string; path?: string }> }) => {
    const c = res.cookies.find((x) => x.name === "panalo_checkout");
    expect(c?.path).toBe("/sandbox-gateway/");
    return { cookie: `panalo_checkout=${c?.value}` };
  };
  const balance = async (tk: string) =>
    (await t.app.inject({ method: "GET", url: "/wps/v2/wallets/balance", headers: as(tk) })).json().value
      .main;
  const channels = async () =>
    (await t.app.inject({ method: "GET", url: "/wps/deposit/channels", headers: as(token) })).json().value;

  it("lists the operator's channels with the bank account but never a secret", async () => {
    const list = await channels();
    expect(list.map((c: { code: string }) => c.code)).toEqual(["bdo-transfer", "gcash", "maya"]);
    expect(list[0].details.accountNumber).toBe("001234567890");
    expect(JSON.stringify(list)).not.toContain("secret");
  });

  it("pays through the sandbox gateway's checkout page and credits once however often the callback comes", async () => {
    const gcash = (await channels()).find((c: { code: string }) => c.code === "gcash");
    const res = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: as(token),
      payload: { channelId: gcash.id, amount: "500.00", requestId: "dep-gcash-0001" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { checkoutUrl, deposit } = res.json().value;
    expect(deposit.status).toBe("awaiting_payment");
    const mine = checkoutCookie(res);
    // Only the member who opened the checkout, in a live session, can pay it.
    const others: Array<Record<string, string>> = [
      {},
      { cookie: `panalo_checkout=${otherToken}` },
      { cookie: "panalo_checkout=forged" },
    ];
    for (const other of others) {
      const page = await fetch(checkoutUrl, { headers: other });
      expect(page.status).toBe(403);
      const pay = await fetch(`${checkoutUrl}/paid`, { method: "POST", redirect: "manual", headers: other });
      expect(pay.status).toBe(403);
    }
    expect(await balance(token)).toBe("0.00");
    const page = await fetch(checkoutUrl, { headers: mine });
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await page.text()).toContain("PHP 500.00");
    const pay = await fetch(`${checkoutUrl}/paid`, { method: "POST", redirect: "manual", headers: mine });
    expect(pay.status).toBe(303);
    expect(pay.headers.get("location")).toBe(`/depositv2?deposit=${deposit.id}`);
    expect(await balance(token)).toBe("500.00");

    // The same callback again (a gateway retry) credits nothing more.
    const [ch] = await t.database.db.select().from(paymentChannels).where(eq(paymentChannels.code, "gcash"));
    const ref = new URL(checkoutUrl).pathname.split("/").pop() ?? "";
    const body = JSON.stringify({ ref, status: "paid", amount: "50000" });
    const replay = await fetch(`${base}/payments/callback/gcash`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-sandbox-signature": signSandbox(ch?.secrets.secret ?? "", body),
      },
      body,
    });
    expect(((await replay.json()) as { value: { outcome: string } }).value.outcome).toBe("duplicate");
    expect(await balance(token)).toBe("500.00");
  });

  it("sends the player back to the address they used, never to a host the installation does not serve", async () => {
    const gcash = (await channels()).find((c: { code: string }) => c.code === "gcash");
    const create = (host: string, requestId: string) =>
      t.app.inject({
        method: "POST",
        url: "/wps/deposits",
        headers: { ...as(token), host },
        payload: { channelId: gcash.id, amount: "200.00", requestId },
      });
    const own = (await create("m.panalo.test", "dep-host-0001")).json().value;
    expect(own.checkoutUrl).toMatch(/^http:\/\/m\.panalo\.test\/sandbox-gateway\/checkout\/sbx_/);
    const forged = (await create("evil.example", "dep-host-0002")).json().value;
    expect(forged.checkoutUrl.startsWith(`${base}/sandbox-gateway/checkout/`)).toBe(true);
    // The deposit page reads the outcome of the member's own deposit, and of no one else's.
    const mineRes = await t.app.inject({
      method: "GET",
      url: `/wps/deposits/${own.deposit.id}`,
      headers: as(token),
    });
    expect(mineRes.json().value).toMatchObject({
      id: own.deposit.id,
      status: "awaiting_payment",
      amount: "200.00",
    });
    const theirs = await t.app.inject({
      method: "GET",
      url: `/wps/deposits/${own.deposit.id}`,
      headers: as(otherToken),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("refuses a forged or unsigned callback and changes nothing", async () => {
    const maya = (await channels()).find((c: { code: string }) => c.code === "maya");
    const created = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: as(token),
      payload: { channelId: maya.id, amount: "900.00", requestId: "dep-maya-0001" },
    });
    const { checkoutUrl } = created.json().value;
    const mine = checkoutCookie(created);
    const ref = new URL(checkoutUrl).pathname.split("/").pop() ?? "";
    const body = JSON.stringify({ ref, status: "paid", amount: "90000" });
    for (const signature of [undefined, signSandbox("guessed-secret", body), "t=1,v1=00"]) {
      const res = await fetch(`${base}/payments/callback/maya`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(signature ? { "x-sandbox-signature": signature } : {}),
        },
        body,
      });
      expect(res.status).toBe(400);
    }
    expect(await balance(token)).toBe("500.00");
    // A failed payment closes the checkout; a late "paid" after it credits nothing.
    await fetch(`${checkoutUrl}/failed`, { method: "POST", redirect: "manual", headers: mine });
    await fetch(`${checkoutUrl}/paid`, { method: "POST", redirect: "manual", headers: mine });
    expect(await balance(token)).toBe("500.00");
  });

  it("takes a bank transfer with proof and credits it when the operator approves, once", async () => {
    const bank = (await channels()).find((c: { code: string }) => c.code === "bdo-transfer");
    const noProof = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: as(token),
      payload: { channelId: bank.id, amount: "1000.00", requestId: "dep-bank-0001" },
    });
    expect(noProof.json().details[0]).toEqual({ path: "proofUrl", message: "PROOF_REQUIRED" });
    const proofUrl = await uploadProof(t.app, token);
    const tooSmall = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: as(token),
      payload: { channelId: bank.id, amount: "50.00", requestId: "dep-bank-0002", proofUrl },
    });
    expect(tooSmall.json()).toMatchObject({
      code: "DEPOSIT_BELOW_MIN",
      message: "The smallest deposit with this method is ₱100.00.",
    });
    const ok = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: as(token),
      payload: {
        channelId: bank.id,
        amount: "1000.00",
        requestId: "dep-bank-0003",
        reference: "BDO-778812",
        proofUrl,
      },
    });
    const id = ok.json().value.deposit.id;
    const queue = (
      await t.app.inject({ method: "GET", url: "/api/admin/deposits?status=pending", headers: { cookie } })
    ).json().value;
    expect(queue.items.map((d: { id: number }) => d.id)).toEqual([id]);
    const approve = () =>
      t.app.inject({ method: "POST", url: `/api/admin/deposits/${id}/approve`, headers: { ...H, cookie } });
    expect((await approve()).json().value.status).toBe("approved");
    expect((await approve()).json().code).toBe("DEPOSIT_NOT_PENDING");
    expect(await balance(token)).toBe("1500.00");
    // Another member never sees it.
    const theirs = (
      await t.app.inject({ method: "GET", url: "/wps/deposits", headers: as(otherToken) })
    ).json().value;
    expect(theirs.total).toBe(0);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
  it("keeps proofs private: only their owner and the finance operator read them, and a proof must be the member's own", async () => {
    const bank = (await channels()).find((c: { code: string }) => c.code === "bdo-transfer");
    const mediaBefore = (await t.database.db.select({ id: media.id }).from(media)).length;
    const mine = await uploadProof(t.app, token);
    // The same picture from another member is another file, under another random id.
    const theirs = await uploadProof(t.app, otherToken, TINY_PNG);
    expect(mine).toMatch(/^\/wps\/member\/uploads\/[0-9a-f]{32}$/);
    expect(theirs).not.toBe(mine);
    // Never in the public media table (served to anyone, cached for a year).
    expect((await t.database.db.select({ id: media.id }).from(media)).length).toBe(mediaBefore);

    const owner = await t.app.inject({ method: "GET", url: mine, headers: as(token) });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers["cache-control"]).toBe("private, no-store");
    expect(owner.headers["content-type"]).toBe("image/png");
    expect(owner.rawPayload.equals(TINY_PNG)).toBe(true);
    // Another member, nobody, and a guessed id: not found, all alike.
    expect((await t.app.inject({ method: "GET", url: mine, headers: as(otherToken) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: mine })).statusCode).toBe(401);
    const guessed = `/wps/member/uploads/${"0".repeat(32)}`;
    expect((await t.app.inject({ method: "GET", url: guessed, headers: as(token) })).statusCode).toBe(404);
    // The finance operator reads it through the back office's path; the session is required.
    const adminUrl = mine.replace("/wps/member/uploads/", "/api/admin/uploads/");
    const op = await t.app.inject({ method: "GET", url: adminUrl, headers: { cookie } });
    expect(op.statusCode).toBe(200);
    expect(op.headers["cache-control"]).toBe("private, no-store");
    expect((await t.app.inject({ method: "GET", url: adminUrl })).statusCode).toBe(401);

    // Another member's upload, or a public image, is no proof.
    for (const proofUrl of [theirs, "/media/1", `/wps/member/uploads/${"a".repeat(32)}`]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/wps/deposits",
        headers: as(token),
        payload: {
          channelId: bank.id,
          amount: "300.00",
          requestId: `dep-proof-${proofUrl.length}`,
          proofUrl,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "proofUrl" }] });
    }
    const queue = (
      await t.app.inject({ method: "GET", url: "/api/admin/deposits?status=pending", headers: { cookie } })
    ).json().value;
    expect(queue.total).toBe(0);
  });

  it("refuses a callback signed outside the time window, and logs it", async () => {
    const gcash = (await channels()).find((c: { code: string }) => c.code === "gcash");
    const created = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: as(token),
      payload: { channelId: gcash.id, amount: "200.00", requestId: "dep-gcash-stale" },
    });
    const { checkoutUrl, deposit } = created.json().value;
    const [ch] = await t.database.db.select().from(paymentChannels).where(eq(paymentChannels.code, "gcash"));
    const ref = new URL(checkoutUrl).pathname.split("/").pop() ?? "";
    const body = JSON.stringify({ ref, status: "paid", amount: "20000" });
    const now = Math.floor(Date.now() / 1000);
    for (const ts of [now - CALLBACK_WINDOW_S - 60, now + CALLBACK_WINDOW_S + 60]) {
      const res = await fetch(`${base}/payments/callback/gcash`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-sandbox-signature": signSandbox(ch?.secrets.secret ?? "", body, ts),
        },
        body,
      });
      expect(res.status).toBe(400);
    }
    const mineNow = (await t.app.inject({ method: "GET", url: "/wps/deposits", headers: as(token) }))
      .json()
      .value.items.find((d: { id: number }) => d.id === deposit.id);
    expect(mineNow.status).toBe("awaiting_payment");
    expect(await balance(token)).toBe("1500.00");
  });

  it("never verifies a callback with an empty key, and never saves a gateway without its secrets", async () => {
    // A channel stored without its secret (an old row): a callback "signed" with the empty key.
    const [bare] = await t.database.db
      .insert(paymentChannels)
      .values({
        code: "bare-gw",
        kind: "gateway",
        adapter: "sandbox",
        name: "Bare",
        minAmount: 100n,
        maxAmount: 100_000n,
        enabled: false,
        secrets: {},
      })
      .returning();
    const ref = "sbx_000000000000000000000000";
    await t.database.db.execute(
      sql`INSERT INTO deposits (member_id, channel_id, request_id, amount, currency, status, gateway_ref)
          SELECT min(id), ${bare?.id}, 'bare-0001', 100, 'PHP', 'awaiting_payment', ${ref} FROM members`,
    );
    const body = JSON.stringify({ ref, status: "paid", amount: "100" });
    const res = await fetch(`${base}/payments/callback/bare-gw`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-sandbox-signature": signSandbox("", body) },
      body,
    });
    expect(res.status).toBe(400);
    expect(await balance(token)).toBe("1500.00");

    const channel = {
      code: "paymongo-gcash",
      kind: "gateway",
      name: "GCash (PayMongo)",
      adapter: "paymongo",
      minAmount: "100.00",
      maxAmount: "5000.00",
      enabled: true,
      sortOrder: 5,
      details: {},
    };
    for (const [secrets, field] of [
      [{}, "secrets.secretKey"],
      [{ secretKey: "sk_test_abcdefghijklmnop", webhookSecret: "" }, "secrets.webhookSecret"],
      [{ secretKey: "   ", webhookSecret: "whsk_abcdefghijklmnop" }, "secrets.secretKey"],
    ] as const) {
      const save = await t.app.inject({
        method: "POST",
        url: "/api/admin/payment-channels",
        headers: { ...H, cookie },
        payload: { ...channel, secrets },
      });
      expect(save.statusCode).toBe(400);
      expect(save.json()).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: field }] });
    }
    // Enabling the stored channel without its secret is refused too.
    const enable = await t.app.inject({
      method: "PUT",
      url: `/api/admin/payment-channels/${bare?.id}`,
      headers: { ...H, cookie },
      payload: {
        code: "bare-gw",
        kind: "gateway",
        name: "Bare",
        adapter: "sandbox",
        minAmount: "1.00",
        maxAmount: "1000.00",
        enabled: true,
        sortOrder: 9,
        details: {},
        secrets: {},
        version: 1,
      },
    });
    expect(enable.json()).toMatchObject({ code: "VALIDATION_ERROR", details: [{ path: "secrets.secret" }] });
  });
});

describe("demo mode", () => {
  it("is on only for the embedded database outside production, unless set explicitly", () => {
    expect(loadConfig({}).DEMO_MODE).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).DEMO_MODE).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db.example/panalo" }).DEMO_MODE).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", DEMO_MODE: "true" }).DEMO_MODE).toBe(true);
    expect(loadConfig({ DEMO_MODE: "false" }).DEMO_MODE).toBe(false);
    expect(() => loadConfig({ DEMO_MODE: "yes" })).toThrow(/DEMO_MODE/);
  });

  it("in production the sandbox gateway does not exist: no seed, no checkout, no back-office channel, no credit", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const t = await createTestApp({ NODE_ENV: "production", LOG_LEVEL: "silent", PUBLIC_URL: base });
    try {
      expect(t.config.DEMO_MODE).toBe(false);
      await seedDemoContent(t.database.db, t.config);
      await t.app.listen({ host: "127.0.0.1", port });
      const seeded = await t.database.db.select().from(paymentChannels);
      expect(seeded.map((c) => c.adapter)).not.toContain("sandbox");

      // A sandbox channel left from a demo install (or written straight into the database).
      const secret = "a-long-enough-sandbox-secret-0001";
      const [old] = await t.database.db
        .insert(paymentChannels)
        .values({
          code: "old-sandbox",
          kind: "gateway",
          adapter: "sandbox",
          name: "Old sandbox",
          minAmount: 100n,
          maxAmount: 10_000_000n,
          enabled: true,
          secrets: { secret },
        })
        .returning();
      const token = (
        await t.app.inject({
          method: "PUT",
          url: "/wps/member/register",
          payload: {
            username: "Prod2026",
            password: "secret123",
            confirmPassword: "secret123",
            ageConfirmed: true,
            agree: true,
            humanCheck: await solvedHumanCheck(t.app),
          },
          remoteAddress: "10.6.0.1",
        })
      ).json().value.token;
      const as = { authorization: `Bearer ${token}`, "x-lang": "EN" };
      const listed = (await t.app.inject({ method: "GET", url: "/wps/deposit/channels", headers: as })).json()
        .value;
      expect(listed.map((c: { code: string }) => c.code)).not.toContain("old-sandbox");
      const dep = await t.app.inject({
        method: "POST",
        url: "/wps/deposits",
        headers: as,
        payload: { channelId: old?.id, amount: "500.00", requestId: "prod-sbx-0001" },
      });
      expect(dep.json().code).toBe("CHANNEL_NOT_FOUND");
      // The checkout pages are not there at all.
      const ref = "sbx_0123456789abcdef01234567";
      expect((await fetch(`${base}/sandbox-gateway/checkout/${ref}`)).status).toBe(404);
      const pay = await fetch(`${base}/sandbox-gateway/checkout/${ref}/paid`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: `panalo_checkout=${token}` },
      });
      expect(pay.status).toBe(404);
      // A correctly signed sandbox callback is refused, even for a deposit row that exists.
      await t.database.db.execute(
        sql`INSERT INTO deposits (member_id, channel_id, request_id, amount, currency, status, gateway_ref)
            SELECT id, ${old?.id}, 'prod-sbx-0002', 50000, 'PHP', 'awaiting_payment', ${ref} FROM members`,
      );
      const body = JSON.stringify({ ref, status: "paid", amount: "50000" });
      const cb = await fetch(`${base}/payments/callback/old-sandbox`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-sandbox-signature": signSandbox(secret, body) },
        body,
      });
      expect(cb.status).toBe(400);
      const bal = (await t.app.inject({ method: "GET", url: "/wps/v2/wallets/balance", headers: as })).json()
        .value.main;
      expect(bal).toBe("0.00");

      // The back office can neither create nor enable one.
      const secretOp = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";
      await createOperator(t.database.db, {
        username: "prodcash",
        role: "finance",
        password: "Cashier-pass-2026",
        totpSecret: secretOp,
      });
      const login = await t.app.inject({
        method: "POST",
        url: "/api/admin/session",
        headers: H,
        payload: {
          username: "prodcash",
          password: "Cashier-pass-2026",
          totp: totpAt(secretOp, Math.floor(Date.now() / 30000)),
        },
      });
      const opCookie = `panalo_admin=${login.cookies.find((c) => c.name === "panalo_admin")?.value}`;
      const input = {
        code: "new-sandbox",
        kind: "gateway",
        name: "New sandbox",
        adapter: "sandbox",
        minAmount: "1.00",
        maxAmount: "1000.00",
        enabled: false,
        sortOrder: 9,
        details: {},
        secrets: { secret },
      };
      const create = await t.app.inject({
        method: "POST",
        url: "/api/admin/payment-channels",
        headers: { ...H, cookie: opCookie },
        payload: input,
      });
      expect(create.json().code).toBe("SANDBOX_DEMO_ONLY");
      const adminList = (
        await t.app.inject({
          method: "GET",
          url: "/api/admin/payment-channels",
          headers: { cookie: opCookie },
        })
      ).json().value;
      expect(adminList.find((c: { code: string }) => c.code === "old-sandbox").enabled).toBe(false);
      const enable = await t.app.inject({
        method: "PUT",
        url: `/api/admin/payment-channels/${old?.id}`,
        headers: { ...H, cookie: opCookie },
        payload: { ...input, code: "old-sandbox", enabled: true, version: 1 },
      });
      expect(enable.json().code).toBe("SANDBOX_DEMO_ONLY");
    } finally {
      await t.close();
    }
  });
});
