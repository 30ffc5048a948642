import { createServer } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentChannels } from "../../db/schema/payments.ts";
import { seedDemoContent } from "../../seed/content.ts";
import { solvedHumanCheck } from "../../testing/human.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { createOperator } from "../admin/operators.ts";
import { totpAt } from "../admin/totp.ts";
import { reconcile } from "../ledger/ledger.ts";
import { signSandbox } from "./gateways.ts";

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe("deposits", () => {
  let t: TestApp;
  let base = "";
  let token = "";
  let otherToken = "";
  let cookie = "";
  const H = { "x-requested-with": "panalo-admin", "x-lang": "EN" };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp({ PUBLIC_URL: base });
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
    const page = await fetch(checkoutUrl);
    expect(await page.text()).toContain("PHP 500.00");
    const pay = await fetch(`${checkoutUrl}/paid`, { method: "POST", redirect: "manual" });
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

  it("refuses a forged or unsigned callback and changes nothing", async () => {
    const maya = (await channels()).find((c: { code: string }) => c.code === "maya");
    const { checkoutUrl } = (
      await t.app.inject({
        method: "POST",
        url: "/wps/deposits",
        headers: as(token),
        payload: { channelId: maya.id, amount: "900.00", requestId: "dep-maya-0001" },
      })
    ).json().value;
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
    await fetch(`${checkoutUrl}/failed`, { method: "POST", redirect: "manual" });
    await fetch(`${checkoutUrl}/paid`, { method: "POST", redirect: "manual" });
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
    const tooSmall = await t.app.inject({
      method: "POST",
      url: "/wps/deposits",
      headers: as(token),
      payload: { channelId: bank.id, amount: "50.00", requestId: "dep-bank-0002", proofUrl: "/media/1" },
    });
    expect(tooSmall.json()).toMatchObject({
      code: "DEPOSIT_BELOW_MIN",
      message: "The smallest deposit with this method is 100.00.",
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
        proofUrl: "/media/1",
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
});
