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
  /**
   * How many rounds each race across ids runs (default 8). A race shows only on a database
   * that runs calls side by side: on PostgreSQL give a few dozen per scenario, so that a race
   * lost one time in twenty fails the run.
   */
  raceRounds?: number;
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

    it("moves nothing on insufficient funds, and remembers the refusal", async () => {
      const p = await ep.newPlayer("5.00");
      const tx = id("bet");
      expect(await bet(p, tx, "5.01")).toMatchObject({
        success: false,
        code: "INSUFFICIENT_FUNDS",
        balance: "5.00",
      });
      expect(await balanceOf(p.playerId)).toBe("5.00");
      // The refused id is taken by its refusal: the same id with other content is a mismatch.
      expect(await bet(p, tx, "5.00")).toMatchObject({ success: false, code: "DUPLICATE_MISMATCH" });
      expect(await balanceOf(p.playerId)).toBe("5.00");
    });

    it("answers a refused transaction's retry with the same refusal, even once it would fit", async () => {
      const p = await ep.newPlayer("5.00");
      const refused = id("bet");
      const first = await bet(p, refused, "8.00");
      expect(first).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS", balance: "5.00" });
      // The player wins meanwhile: 5.00 − 1.00 + 10.00 = 14.00 would now cover the refused bet.
      const other = id("bet");
      await bet(p, other, "1.00");
      expect(await win(p.playerId, id("win"), other, "10.00")).toMatchObject({
        success: true,
        balance: "14.00",
      });
      const again = await bet(p, refused, "8.00");
      expect(again).toMatchObject({ success: false, code: "INSUFFICIENT_FUNDS" });
      expect(again.status).toBe(first.status);
      expect(await balanceOf(p.playerId)).toBe("14.00");
      // The same for a refused win (its bet unknown when it came) and an expired token.
      const early = id("win");
      const late = id("bet");
      expect(await win(p.playerId, early, late, "3.00")).toMatchObject({
        success: false,
        code: "TRANSACTION_NOT_FOUND",
      });
      expect(await bet(p, late, "2.00")).toMatchObject({ success: true, balance: "12.00" });
      expect(await win(p.playerId, early, late, "3.00")).toMatchObject({
        success: false,
        code: "TRANSACTION_NOT_FOUND",
      });
      expect(await balanceOf(p.playerId)).toBe("12.00");
    });

    it("refuses a win that names a bet of another round (ROUND_MISMATCH), and keeps the refusal", async () => {
      const p = await ep.newPlayer("20.00");
      const b = id("bet");
      await bet(p, b, "2.00", id("round"));
      const wid = id("win");
      const other = id("other-round");
      const credit = () =>
        call("credit", {
          playerId: p.playerId,
          transactionId: wid,
          roundId: other,
          betTransactionId: b,
          amount: "9.00",
          roundClosed: true,
        });
      const first = await credit();
      expect(first).toMatchObject({ success: false, code: "ROUND_MISMATCH", balance: "18.00" });
      expect(await credit()).toMatchObject({ success: false, code: "ROUND_MISMATCH", balance: "18.00" });
      expect(await balanceOf(p.playerId)).toBe("18.00");
    });

    it("gives a bet one outcome: no rollback after a win (even 0.00), no win after a rollback", async () => {
      const p = await ep.newPlayer("50.00");
      const won = id("bet");
      await bet(p, won, "10.00");
      expect(await win(p.playerId, id("win"), won, "0.00")).toMatchObject({
        success: true,
        balance: "40.00",
      });
      const refusedRb = id("rb");
      expect(await rollback(p.playerId, refusedRb, won)).toMatchObject({
        success: false,
        code: "ROLLBACK_NOT_ALLOWED",
        balance: "40.00",
      });
      const back = id("bet");
      await bet(p, back, "5.00");
      const rb1 = await rollback(p.playerId, id("rb"), back);
      expect(rb1).toMatchObject({ success: true, balance: "40.00" });
      expect(await win(p.playerId, id("win"), back, "7.00")).toMatchObject({
        success: false,
        code: "BET_ROLLED_BACK",
        balance: "40.00",
      });
      // A second rollback under another id answers the first one's answer and moves nothing.
      const rb2 = await rollback(p.playerId, id("rb"), back);
      expect(rb2.success).toBe(true);
      expect({ ...rb2.value, requestId: null }).toEqual({ ...rb1.value, requestId: null });
      expect(await balanceOf(p.playerId)).toBe("40.00");
      // A refused rollback stays refused for its id.
      expect((await rollback(p.playerId, refusedRb, won)).code).toBe("ROLLBACK_NOT_ALLOWED");
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

    /**
     * Races across ids: calls that name one bet under different transaction ids, sent at once,
     * many rounds. Each lane is one player running its rounds one after another; the lanes run
     * side by side. After every round the balance must be what the answers say.
     */
    const LANES = 4;
    const race = async (
      balance: string,
      round: (p: { playerId: number; token: string }, before: number) => Promise<number>,
    ) => {
      const rounds = ep.raceRounds ?? 8;
      await Promise.all(
        Array.from({ length: LANES }, async (_, lane) => {
          const p = await ep.newPlayer(balance);
          let cents = Math.round(Number(balance) * 100);
          for (let r = lane; r < rounds; r += LANES) {
            cents = await round(p, cents);
            expect(await balanceOf(p.playerId)).toBe((cents / 100).toFixed(2));
          }
        }),
      );
    };

    it("races a win and a rollback of one bet: exactly one of them is accepted", async () => {
      await race("1000.00", async (p, before) => {
        const b = id("bet");
        expect(await bet(p, b, "2.00")).toMatchObject({ success: true });
        const [w, rb] = await Promise.all([
          win(p.playerId, id("win"), b, "5.00"),
          rollback(p.playerId, id("rb"), b),
        ]);
        expect([w.success, rb.success].filter(Boolean)).toHaveLength(1);
        if (w.success) {
          expect(rb.code).toBe("ROLLBACK_NOT_ALLOWED");
          return before + 300;
        }
        expect(w.code).toBe("BET_ROLLED_BACK");
        return before;
      });
    });

    it("races a 0.00 win and a rollback of one bet: exactly one of them is accepted", async () => {
      await race("1000.00", async (p, before) => {
        const b = id("bet");
        expect(await bet(p, b, "2.00")).toMatchObject({ success: true });
        const [w, rb] = await Promise.all([
          win(p.playerId, id("win"), b, "0.00"),
          rollback(p.playerId, id("rb"), b),
        ]);
        expect([w.success, rb.success].filter(Boolean)).toHaveLength(1);
        if (w.success) {
          expect(rb.code).toBe("ROLLBACK_NOT_ALLOWED");
          return before - 200;
        }
        expect(w.code).toBe("BET_ROLLED_BACK");
        return before;
      });
    });

    it("races two rollbacks of one bet under different ids: the stake comes back once, both answer alike", async () => {
      await race("1000.00", async (p, before) => {
        const b = id("bet");
        expect(await bet(p, b, "3.00")).toMatchObject({ success: true });
        const ids = [id("rb"), id("rb")];
        const [a, c] = await Promise.all(ids.map((x) => rollback(p.playerId, x, b)));
        expect(a).toMatchObject({ success: true });
        expect(c).toMatchObject({ success: true });
        expect({ ...a?.value, requestId: null }).toEqual({ ...c?.value, requestId: null });
        // Each id keeps its answer.
        const again = await rollback(p.playerId, ids[1] ?? "", b);
        expect({ ...again.value, requestId: null }).toEqual({ ...c?.value, requestId: null });
        return before;
      });
    });

    it("races a win with its own bet: the win is paid only if its bet came first, and answers so again", async () => {
      await race("1000.00", async (p, before) => {
        const b = id("bet");
        const wid = id("win");
        const [w, bt] = await Promise.all([win(p.playerId, wid, b, "4.00"), bet(p, b, "1.00")]);
        expect(bt).toMatchObject({ success: true });
        if (!w.success) expect(w.code).toBe("TRANSACTION_NOT_FOUND");
        const again = await win(p.playerId, wid, b, "4.00");
        expect(again.success).toBe(w.success);
        expect(again.code).toBe(w.code);
        return before - 100 + (w.success ? 400 : 0);
      });
    });

    it("races a refused bet with a win that would make it fit: its retry is refused again", async () => {
      await race("1.00", async (p, before) => {
        const stake = before + 100; // never fits the balance it was sent against
        const small = id("bet");
        expect(await bet(p, small, "0.01")).toMatchObject({ success: true });
        const big = id("bet");
        const bigAmount = (stake / 100).toFixed(2);
        const [first, w] = await Promise.all([
          bet(p, big, bigAmount),
          win(p.playerId, id("win"), small, "5.00"),
        ]);
        expect(w).toMatchObject({ success: true });
        const again = await bet(p, big, bigAmount);
        expect(again.success).toBe(first.success);
        expect(again.code).toBe(first.code);
        if (first.success) {
          // The win came first and the bet fitted then: applied once.
          return before - 1 + 500 - stake;
        }
        expect(first.code).toBe("INSUFFICIENT_FUNDS");
        return before - 1 + 500;
      });
    });
  });
}
