import { createHmac, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

/**
 * The provider protocol's conformance suite (docs/provider-protocol.md "Conformance"). It
 * registers vitest tests that any platform endpoint must pass: the platform itself through
 * `app.inject` (conformance.test.ts), or a game server's client pointed at a platform.
 *
 *   providerConformance("platform", async () => ({ vendor, secret, send, newPlayer, expireToken }));
 */

export type ProtocolCall = "authenticate" | "balance" | "debit" | "credit" | "rollback";

export interface ConformanceEndpoint {
  /** The vendor code the calls are made as (`/provider/<vendor>/<call>`). */
  vendor: string;
  /** The vendor's signing secret. */
  secret: string;
  /** Deliver one call: the raw JSON body and the headers exactly as given; the HTTP answer. */
  send(
    call: ProtocolCall,
    body: string,
    headers: Record<string, string>,
  ): Promise<{ status: number; json: unknown }>;
  /** A new player whose wallet holds `balance` ("100.00") and a live launch token of the vendor. */
  newPlayer(balance: string): Promise<{ playerId: number; token: string }>;
  /** Make a launch token expire now (a started round must still be able to finish). */
  expireToken(token: string): Promise<void>;
}

interface Answer {
  status: number;
  success: boolean;
  code?: string;
  balance?: string | null;
  value: Record<string, unknown>;
}

const Balance = z.string().nullish();
const Envelope = z.object({
  success: z.boolean(),
  code: z.string().optional(),
  balance: Balance,
  value: z.record(z.string(), z.unknown()).optional(),
});

export function providerConformance(name: string, endpoint: () => Promise<ConformanceEndpoint>): void {
  describe(`provider protocol conformance: ${name}`, () => {
    let ep: ConformanceEndpoint;
    beforeAll(async () => {
      ep = await endpoint();
    });

    const call = async (
      c: ProtocolCall,
      fields: Record<string, unknown>,
      opts: { secret?: string; skewS?: number } = {},
    ) => {
      const raw = JSON.stringify({ requestId: randomUUID(), ...fields });
      const t = Math.floor(Date.now() / 1000) + (opts.skewS ?? 0);
      const v1 = createHmac("sha256", opts.secret ?? ep.secret)
        .update(`${t}.${raw}`)
        .digest("hex");
      const res = await ep.send(c, raw, {
        "content-type": "application/json",
        "x-signature": `t=${t},v1=${v1}`,
      });
      // An answer that is not the protocol's envelope fails here, naming what was wrong.
      const j = Envelope.parse(res.json);
      const value = j.value ?? {};
      const balance = j.success ? Balance.parse(value.balance) : j.balance;
      return { status: res.status, success: j.success, code: j.code, balance, value } satisfies Answer;
    };
    const id = (p: string) => `${p}-${randomUUID()}`;
    const balanceOf = async (playerId: number) => (await call("balance", { playerId })).balance;
    const bet = (
      p: { playerId: number; token: string },
      transactionId: string,
      amount: string,
      roundId = transactionId,
    ) =>
      call("debit", {
        token: p.token,
        playerId: p.playerId,
        transactionId,
        roundId,
        amount,
        roundClosed: false,
      });
    const win = (playerId: number, transactionId: string, betTransactionId: string, amount: string) =>
      call("credit", {
        playerId,
        transactionId,
        roundId: betTransactionId,
        betTransactionId,
        amount,
        roundClosed: true,
      });
    const rollback = (playerId: number, transactionId: string, refTransactionId: string) =>
      call("rollback", {
        playerId,
        transactionId,
        roundId: refTransactionId,
        refTransactionId,
        amount: "0.00",
      });

    it("answers a retry of a transaction with its first answer and applies it once", async () => {
      const p = await ep.newPlayer("100.00");
      const tx = id("bet");
      const first = await bet(p, tx, "10.00");
      const again = await bet(p, tx, "10.00");
      expect(first).toMatchObject({ success: true, balance: "90.00" });
      // The answer is the first one (its balance too); only the echoed requestId differs.
      expect({ ...again.value, requestId: null }).toEqual({ ...first.value, requestId: null });
      expect(await balanceOf(p.playerId)).toBe("90.00");
    });

    it("refuses the same transaction id with other content (DUPLICATE_MISMATCH), moving nothing", async () => {
      const p = await ep.newPlayer("100.00");
      const tx = id("bet");
      await bet(p, tx, "10.00");
      expect(await bet(p, tx, "20.00")).toMatchObject({
        success: false,
        code: "DUPLICATE_MISMATCH",
        balance: "90.00",
      });
      expect(await balanceOf(p.playerId)).toBe("90.00");
    });

    it("refuses a win of an unknown bet and a rollback of another player's bet (TRANSACTION_NOT_FOUND)", async () => {
      const p = await ep.newPlayer("50.00");
      const other = await ep.newPlayer("50.00");
      expect(await win(p.playerId, id("win"), id("nobet"), "5.00")).toMatchObject({
        success: false,
        code: "TRANSACTION_NOT_FOUND",
        balance: "50.00",
      });
      const theirs = id("bet");
      await bet(other, theirs, "5.00");
      expect(await rollback(p.playerId, id("rb"), theirs)).toMatchObject({
        success: false,
        code: "TRANSACTION_NOT_FOUND",
        balance: "50.00",
      });
    });

    it("acknowledges a rollback that comes before its bet, then refuses the late bet", async () => {
      const p = await ep.newPlayer("30.00");
      const tx = id("bet");
      expect(await rollback(p.playerId, id("rb"), tx)).toMatchObject({ success: true, balance: "30.00" });
      expect(await bet(p, tx, "10.00")).toMatchObject({
        success: false,
        code: "BET_ROLLED_BACK",
        balance: "30.00",
      });
      expect(await balanceOf(p.playerId)).toBe("30.00");
    });

    it("still accepts a win and a rollback after the launch token expired, but no new bet", async () => {
      const p = await ep.newPlayer("40.00");
      const won = id("bet");
      const back = id("bet");
      await bet(p, won, "10.00");
      await bet(p, back, "5.00");
      await ep.expireToken(p.token);
      expect(await win(p.playerId, id("win"), won, "25.00")).toMatchObject({
        success: true,
        balance: "50.00",
      });
      expect(await rollback(p.playerId, id("rb"), back)).toMatchObject({ success: true, balance: "55.00" });
      expect(await bet(p, id("bet"), "1.00")).toMatchObject({
        success: false,
        code: "INVALID_TOKEN",
        balance: "55.00",
      });
    });

    it("tells the balance on every answer, errors included", async () => {
      const p = await ep.newPlayer("20.00");
      const auth = await call("authenticate", { token: p.token });
      expect(auth).toMatchObject({ success: true, balance: "20.00" });
      expect(auth.value.playerId).toBe(p.playerId);
      const answers = [
        await bet(p, id("bet"), "500.00"),
        await win(p.playerId, id("win"), id("nobet"), "1.00"),
        await call("balance", { playerId: p.playerId }),
      ];
      for (const a of answers) expect(a.balance).toBe("20.00");
    });

    it("refuses a wrong signature and a clock more than 300 s off (INVALID_SIGNATURE)", async () => {
      const p = await ep.newPlayer("10.00");
      expect(await call("balance", { playerId: p.playerId }, { secret: `${ep.secret}x` })).toMatchObject({
        success: false,
        code: "INVALID_SIGNATURE",
      });
      for (const skewS of [-301, 301, -3600]) {
        expect((await call("balance", { playerId: p.playerId }, { skewS })).code).toBe("INVALID_SIGNATURE");
      }
      expect(await call("balance", { playerId: p.playerId }, { skewS: -240 })).toMatchObject({
        success: true,
      });
      // A refused signature moves nothing even on a money call.
      expect(
        await call(
          "debit",
          { token: p.token, playerId: p.playerId, transactionId: id("bet"), roundId: "r", amount: "1.00" },
          { secret: "nope" },
        ),
      ).toMatchObject({ code: "INVALID_SIGNATURE" });
      expect(await balanceOf(p.playerId)).toBe("10.00");
    });

    it("moves nothing on insufficient funds", async () => {
      const p = await ep.newPlayer("5.00");
      const tx = id("bet");
      expect(await bet(p, tx, "5.01")).toMatchObject({
        success: false,
        code: "INSUFFICIENT_FUNDS",
        balance: "5.00",
      });
      expect(await balanceOf(p.playerId)).toBe("5.00");
      // The refused id was not taken: the same id with a fitting amount is a new bet.
      expect(await bet(p, tx, "5.00")).toMatchObject({ success: true, balance: "0.00" });
    });

    it("applies concurrent copies of one transaction exactly once, answering all alike", async () => {
      const p = await ep.newPlayer("100.00");
      const tx = id("bet");
      const copies = await Promise.all(Array.from({ length: 6 }, () => bet(p, tx, "7.00")));
      for (const c of copies) expect(c).toMatchObject({ success: true, balance: "93.00" });
      const wid = id("win");
      const wins = await Promise.all(Array.from({ length: 6 }, () => win(p.playerId, wid, tx, "3.00")));
      for (const w of wins) expect(w).toMatchObject({ success: true, balance: "96.00" });
      expect(await balanceOf(p.playerId)).toBe("96.00");
    });
  });
}
