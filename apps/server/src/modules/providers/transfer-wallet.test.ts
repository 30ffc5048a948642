import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerClients, vendorTransfers } from "../../db/schema/providers.ts";
import { registerMember } from "../../testing/games-kit.ts";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { memberBalances, post, reconcile } from "../ledger/ledger.ts";
import { inHouseProviderSecret } from "./service.ts";
import { reconcileVendorTransfers, syncVendorWallet } from "./transfer-wallet.ts";

/**
 * GCS_walletTransfer: money between the main wallet and a vendor's own wallet,
 * through the transfer-wallet half of the protocol. Against the in-house game server's PNX (in
 * this process) and, for answers that never come, a vendor double on a local port.
 */
describe("transfer wallet", () => {
  let t: TestApp;
  let member: { id: number; token: string };
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, "x-lang": "EN" });
  const transfer = async (token: string, body: Record<string, unknown>) =>
    (
      await t.app.inject({
        method: "POST",
        url: "/wps/relay/GCS_walletTransfer",
        headers: auth(token),
        payload: { requestId: `req-${Math.random().toString(36).slice(2, 12)}`, ...body },
      })
    ).json();
  const wallets = async (id: number) => {
    const b = await memberBalances(t.database.db, id);
    const of = (k: string) => b.find((x) => x.kind === k)?.balance ?? 0n;
    return { main: of("main"), pnx: of("vendor:PNX"), dbl: of("vendor:DBL") };
  };

  // The vendor double: answers as the doc says, or loses its answer when told to.
  const double = {
    balance: 0n,
    version: 0,
    seen: new Map<string, string>(), // transferId → "done" | "cancelled"
    loseAnswer: false, // apply, then answer 500
    dropRequest: false, // answer 500 without applying
    delayAnswerMs: 0, // apply at once, answer later (the next transfer overtakes this one)
  };
  let server: http.Server;
  const secret = () => inHouseProviderSecret(t.config.APP_SECRET ?? "", "DBL");
  const fmt = (v: bigint) => `${v / 100n}.${(v % 100n).toString().padStart(2, "0")}`;

  beforeAll(async () => {
    t = await createTestApp();
    member = await registerMember(t.app, "vendorfan", 100_00n);
    server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => {
        raw += c;
      });
      req.on("end", () => {
        const [, ts, sig] = /^t=(\d+),v1=([0-9a-f]+)$/.exec(String(req.headers["x-signature"])) ?? [];
        const ok = sig === createHmac("sha256", secret()).update(`${ts}.${raw}`).digest("hex");
        const send = (status: number, body: unknown) => {
          res.writeHead(status, { "content-type": "application/json" });
          res.end(JSON.stringify(body));
        };
        if (!ok) return send(401, { success: false, code: "INVALID_SIGNATURE" });
        const b = JSON.parse(raw);
        const call = req.url?.split("/").pop();
        const state = () => ({ balance: fmt(double.balance), version: double.version });
        if (call === "balance") return send(200, { success: true, value: state() });
        if (call === "status") {
          const s = double.seen.get(b.transferId);
          if (!s) double.seen.set(b.transferId, "cancelled");
          return send(200, {
            success: true,
            value: { transferId: b.transferId, status: s === "done" ? "done" : "failed", ...state() },
          });
        }
        if (double.dropRequest) return send(500, { success: false, code: "INTERNAL_ERROR" });
        if (double.seen.get(b.transferId) === "cancelled")
          return send(409, { success: false, code: "TRANSFER_CANCELLED" });
        const amount = BigInt(Math.round(Number(b.amount) * 100));
        if (call === "withdraw" && amount > double.balance)
          return send(409, { success: false, code: "INSUFFICIENT_FUNDS", balance: fmt(double.balance) });
        double.balance += call === "deposit" ? amount : -amount;
        double.version++;
        double.seen.set(b.transferId, "done");
        if (double.loseAnswer) return send(500, { success: false, code: "INTERNAL_ERROR" });
        const answer = { success: true, value: { transferId: b.transferId, status: "done", ...state() } };
        if (double.delayAnswerMs > 0) {
          const wait = double.delayAnswerMs;
          double.delayAnswerMs = 0;
          setTimeout(() => send(200, answer), wait);
          return;
        }
        return send(200, answer);
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
    const port = (server.address() as AddressInfo).port;
    await t.database.db.insert(providerClients).values([
      {
        vendor: "PNX",
        secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNX"),
        transferUrl: "/rgs/transfer/PNX",
      },
      { vendor: "DBL", secret: secret(), transferUrl: `http://127.0.0.1:${port}/transfer` },
      { vendor: "PNS", secret: inHouseProviderSecret(t.config.APP_SECRET ?? "", "PNS") },
    ]);
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it("moves money to the in-house vendor's wallet and back, once per request", async () => {
    const requestId = "pnx-in-000001";
    const first = await transfer(member.token, {
      fromWallet: "MAIN",
      toWallet: "PNX",
      amount: "30.00",
      requestId,
    });
    expect(first).toMatchObject({
      success: true,
      value: { status: "done", main: "70.00", vendorBalance: "30.00" },
    });
    // The same request again: the same transfer, nothing moves twice.
    const again = await transfer(member.token, {
      fromWallet: "MAIN",
      toWallet: "PNX",
      amount: "30.00",
      requestId,
    });
    expect(again.value.transferId).toBe(first.value.transferId);
    expect(await wallets(member.id)).toMatchObject({ main: 70_00n, pnx: 30_00n });
    // The same request id for another amount is refused.
    expect(
      await transfer(member.token, { fromWallet: "MAIN", toWallet: "PNX", amount: "31.00", requestId }),
    ).toMatchObject({ success: false, code: "DUPLICATE_MISMATCH" });

    // More than the vendor wallet holds: refused before any call, nothing moves.
    expect(
      await transfer(member.token, { fromWallet: "PNX", toWallet: "MAIN", amount: "30.01" }),
    ).toMatchObject({
      success: false,
      code: "INSUFFICIENT_FUNDS",
    });
    const back = await transfer(member.token, { fromWallet: "PNX", toWallet: "MAIN", amount: "10.00" });
    expect(back).toMatchObject({
      success: true,
      value: { status: "done", main: "80.00", vendorBalance: "20.00" },
    });
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("keeps a transfer refused for insufficient funds as its request's answer, never applying it later", async () => {
    const poor = await registerMember(t.app, "vendorpoor", 10_00n);
    const requestId = "pnx-refused-01";
    const body = { fromWallet: "MAIN", toWallet: "PNX", amount: "25.00", requestId };
    expect(await transfer(poor.token, body)).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS" });
    // The member is paid meanwhile: 60.00 would cover it now, but the request was answered.
    await post(t.database.db, {
      idempotencyKey: "vendorpoor-topup",
      type: "deposit",
      memberId: poor.id,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -50_00n },
        { account: { member: poor.id, kind: "main", currency: "PHP" }, amount: 50_00n },
      ],
    });
    expect(await transfer(poor.token, body)).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS" });
    // Copies of another refused request sent at once: all refused alike, nothing moves.
    const big = { fromWallet: "MAIN", toWallet: "PNX", amount: "99.00", requestId: "pnx-refused-02" };
    const copies = await Promise.all([transfer(poor.token, big), transfer(poor.token, big)]);
    for (const c of copies) expect(c).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS" });
    expect(await wallets(poor.id)).toMatchObject({ main: 60_00n, pnx: 0n });
    const rows = await t.database.db
      .select()
      .from(vendorTransfers)
      .where(eq(vendorTransfers.memberId, poor.id));
    expect(rows.map((r) => [r.requestId, r.status, r.errorCode]).sort()).toEqual([
      ["pnx-refused-01", "failed", "INSUFFICIENT_FUNDS"],
      ["pnx-refused-02", "failed", "INSUFFICIENT_FUNDS"],
    ]);
    // A new request id is a new transfer.
    expect(await transfer(poor.token, { ...body, requestId: "pnx-refused-03" })).toMatchObject({
      success: true,
      value: { status: "done", main: "35.00", vendorBalance: "25.00" },
    });
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("refuses what is not a transfer between the main wallet and a transfer-wallet vendor", async () => {
    const bad = [
      { fromWallet: "MAIN", toWallet: "PNX", amount: "-5.00" },
      { fromWallet: "MAIN", toWallet: "PNX", amount: "0.00" },
      { fromWallet: "MAIN", toWallet: "PNX", amount: "1.005" },
      { fromWallet: "MAIN", toWallet: "PNX", amount: "99999999999999" },
      { fromWallet: "MAIN", toWallet: "MAIN", amount: "1.00" },
      { fromWallet: "PNX", toWallet: "DBL", amount: "1.00" },
    ];
    for (const body of bad) {
      expect(await transfer(member.token, body), JSON.stringify(body)).toMatchObject({
        success: false,
        code: "VALIDATION_ERROR",
      });
    }
    // A seamless vendor has no wallet of its own.
    expect(
      await transfer(member.token, { fromWallet: "MAIN", toWallet: "PNS", amount: "1.00" }),
    ).toMatchObject({
      success: false,
      code: "VENDOR_NOT_TRANSFER",
    });
    const guest = await t.app.inject({
      method: "POST",
      url: "/wps/relay/GCS_walletTransfer",
      payload: { fromWallet: "MAIN", toWallet: "PNX", amount: "1.00", requestId: "guest-000001" },
    });
    expect(guest.statusCode).toBe(401);
    expect(await wallets(member.id)).toMatchObject({ main: 80_00n, pnx: 20_00n });
  });

  it("brings the ledger up to the vendor's balance (wins and losses there), only when newer", async () => {
    const p = await registerMember(t.app, "dblplayer", 50_00n);
    expect(await transfer(p.token, { fromWallet: "MAIN", toWallet: "DBL", amount: "20.00" })).toMatchObject({
      value: { status: "done" },
    });
    // The player won 7.50 at the vendor.
    double.balance += 7_50n;
    double.version++;
    expect(await syncVendorWallet(t.app.ctx, p.id, "DBL")).toBe(true);
    expect((await wallets(p.id)).dbl).toBe(27_50n);
    // Nothing newer: nothing posted.
    expect(await syncVendorWallet(t.app.ctx, p.id, "DBL")).toBe(false);
    // A withdrawal reads the vendor first: a loss there limits what can come back.
    double.balance -= 17_50n;
    double.version++;
    expect(await transfer(p.token, { fromWallet: "DBL", toWallet: "MAIN", amount: "10.01" })).toMatchObject({
      code: "INSUFFICIENT_FUNDS",
    });
    expect(await wallets(p.id)).toMatchObject({ main: 30_00n, dbl: 10_00n });
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("settles a transfer whose answer was lost, and refunds one the vendor never saw", async () => {
    const p = await registerMember(t.app, "lostanswer", 50_00n);
    double.balance = 0n;
    double.version = 100;
    // Applied by the vendor, answer lost: held until the status says done.
    double.loseAnswer = true;
    const lost = await transfer(p.token, { fromWallet: "MAIN", toWallet: "DBL", amount: "15.00" });
    double.loseAnswer = false;
    expect(lost).toMatchObject({
      success: true,
      value: { status: "unknown", main: "35.00", vendorBalance: "0.00" },
    });
    // Never applied: the status cancels it on the vendor's side and the money comes back.
    double.dropRequest = true;
    const dropped = await transfer(p.token, { fromWallet: "MAIN", toWallet: "DBL", amount: "5.00" });
    double.dropRequest = false;
    expect(dropped.value.status).toBe("unknown");
    expect((await wallets(p.id)).main).toBe(30_00n);

    // Not before their check time…
    expect((await reconcileVendorTransfers(t.app.ctx)).checked).toBe(0);
    await t.database.db
      .update(vendorTransfers)
      .set({ nextCheckAt: new Date(Date.now() - 1000) })
      .where(eq(vendorTransfers.memberId, p.id));
    expect(await reconcileVendorTransfers(t.app.ctx)).toEqual({ checked: 2, settled: 2 });
    expect(await wallets(p.id)).toMatchObject({ main: 35_00n, dbl: 15_00n });
    const rows = await t.database.db.select().from(vendorTransfers).where(eq(vendorTransfers.memberId, p.id));
    expect(rows.map((r) => r.status).sort()).toEqual(["done", "failed"]);
    // The cancelled one arriving late is refused by the vendor: it can never be applied.
    expect(double.seen.get(dropped.value.transferId)).toBe("cancelled");
    // A second pass finds nothing: each transfer is finished once.
    expect((await reconcileVendorTransfers(t.app.ctx)).checked).toBe(0);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it("keeps a transfer that finished before an older one: the older balance is not applied", async () => {
    const p = await registerMember(t.app, "overtaken", 50_00n);
    double.balance = 0n;
    double.version = 200;
    // The vendor applies the first transfer (version 201) but answers it late; the second
    // (version 202) is applied and answered at once, so it finishes here first.
    double.delayAnswerMs = 300;
    const first = transfer(p.token, { fromWallet: "MAIN", toWallet: "DBL", amount: "10.00" });
    await new Promise((r) => setTimeout(r, 50));
    const second = await transfer(p.token, { fromWallet: "MAIN", toWallet: "DBL", amount: "15.00" });
    expect(second.value.status).toBe("done");
    expect((await first).value.status).toBe("done");
    // Both transfers are in the wallet; the first's answer (a balance of 10.00) changed nothing.
    expect(await wallets(p.id)).toMatchObject({ main: 25_00n, dbl: 25_00n });
    expect(double.balance).toBe(25_00n);
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "never lets concurrent transfers take more than the main wallet holds (PostgreSQL)",
    async () => {
      const p = await registerMember(t.app, "racer", 100_00n);
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          transfer(p.token, { fromWallet: "MAIN", toWallet: "PNX", amount: "20.00" }),
        ),
      );
      expect(results.filter((r) => r.success && r.value.status === "done")).toHaveLength(5);
      expect(results.filter((r) => !r.success).every((r) => r.code === "INSUFFICIENT_FUNDS")).toBe(true);
      expect(await wallets(p.id)).toMatchObject({ main: 0n, pnx: 100_00n });
      expect((await reconcile(t.database.db)).ok).toBe(true);
    },
  );
});
