import { findNul } from "@panalo/contracts/input";
import { NonNegativeAmount } from "@panalo/contracts/money";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../lib/context.ts";
import { Errors } from "../../lib/errors.ts";
import {
  authenticate,
  balance,
  credit,
  creditMany,
  debit,
  type MoveInput,
  reverse,
  rollback,
  verifyProviderSignature,
} from "./service.ts";

/** A vendor's name in the path, checked by a regex built once (a schema built per call cost more). */
const VENDOR = /^[A-Za-z0-9_]{2,30}$/;
const Id = z.string().min(1).max(100);
/** A bet or a win: the strict money form; a win may be 0.00. */
const Amount = NonNegativeAmount;
const Base = z.object({ requestId: Id });
/** At most this many credits in one `credits` call (a request body of at most CREDITS_BODY). */
export const MAX_CREDITS = 2000;
const CREDITS_BODY = 1024 * 1024;
const Move = Base.extend({
  playerId: z.number().int().positive(),
  transactionId: Id,
  roundId: Id,
  amount: Amount,
  roundClosed: z.boolean().default(false),
  /** The provider's game id (optional): the winner board and popular games name the game. */
  gameCode: z.string().min(1).max(100).optional(),
});
const Schemas = {
  authenticate: Base.extend({ token: z.string().min(10).max(200) }),
  balance: Base.extend({ playerId: z.number().int().positive() }),
  // freeSpin: a spin of a free-spin grant the provider gave (its bet is 0.00), labelled so in the
  // member's betting record; grantId (optional) names the grant, so the mall counts its spins.
  debit: Move.extend({
    token: z.string().min(10).max(200),
    freeSpin: z.boolean().default(false),
    grantId: Id.optional(),
  })
    .refine((b) => !b.freeSpin || b.amount === 0n, { path: ["amount"], message: "free_spin_bet_not_zero" })
    .refine((b) => b.freeSpin || b.grantId === undefined, {
      path: ["grantId"],
      message: "grant_without_free_spin",
    }),
  credit: Move.extend({ betTransactionId: Id }),
  // Many credits in one request (a sportsbook's settlement): each as `credit`, answered in order.
  credits: Base.extend({
    credits: z
      .array(Move.omit({ requestId: true }).extend({ betTransactionId: Id }))
      .min(1)
      .max(MAX_CREDITS),
  }),
  rollback: Move.extend({ refTransactionId: Id, amount: Amount.default(0n) }),
  // A credit or rollback taken back (a result corrected after it was paid): at most its amount.
  reverse: Move.extend({ refTransactionId: Id }),
};

/**
 * The platform side of the provider protocol (docs/provider-protocol.md): POST
 * /provider/<vendor>/<call>, JSON signed with `X-Signature: t=<unix>,v1=<hex HMAC-SHA256>` over
 * `${t}.${raw body}` with the vendor's secret. Answers use the platform's envelope and always
 * carry the player's balance, errors included.
 */
export async function providerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "string", bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const handle = (call: keyof typeof Schemas) => async (req: FastifyRequest) => {
      const vendorParam = (req.params as { vendor?: unknown }).vendor;
      if (typeof vendorParam !== "string" || !VENDOR.test(vendorParam)) throw Errors.notFound("vendor");
      const vendor = { data: vendorParam };
      const raw = typeof req.body === "string" ? req.body : "";
      const sig = req.headers["x-signature"];
      await verifyProviderSignature(ctx, vendor.data, Array.isArray(sig) ? sig[0] : sig, raw);
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw Errors.validation([{ path: "", message: "invalid JSON" }]);
      }
      const nulAt = findNul(json);
      if (nulAt !== null) throw Errors.validation([{ path: nulAt, message: "nul_char" }]);
      const parsed = Schemas[call].safeParse(json);
      if (!parsed.success) {
        throw Errors.validation(
          parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
        );
      }
      const b = parsed.data as Record<string, unknown>;
      const move = (): MoveInput => ({
        vendor: vendor.data,
        playerId: b.playerId as number,
        transactionId: b.transactionId as string,
        roundId: b.roundId as string,
        amount: b.amount as bigint,
        roundClosed: b.roundClosed as boolean,
        token: b.token as string | undefined,
        refTransactionId: (b.betTransactionId ?? b.refTransactionId) as string | undefined,
        gameCode: b.gameCode as string | undefined,
        freeSpin: b.freeSpin === true,
        grantId: b.grantId as string | undefined,
      });
      if (call === "credits") {
        const items = (b.credits as Array<Record<string, unknown>>).map(
          (c): MoveInput => ({
            vendor: vendor.data,
            playerId: c.playerId as number,
            transactionId: c.transactionId as string,
            roundId: c.roundId as string,
            amount: c.amount as bigint,
            roundClosed: c.roundClosed as boolean,
            refTransactionId: c.betTransactionId as string,
            gameCode: c.gameCode as string | undefined,
          }),
        );
        const outcomes = await creditMany(ctx, vendor.data, items);
        const results = outcomes.map((o, n) =>
          o.ok
            ? { transactionId: items[n]?.transactionId, success: true, value: o.value }
            : {
                transactionId: items[n]?.transactionId,
                success: false,
                code: o.code,
                status: o.status,
                balance: o.balance,
                currency: o.currency,
              },
        );
        return { success: true, value: { requestId: b.requestId, results } };
      }
      const value =
        call === "authenticate"
          ? await authenticate(ctx, vendor.data, b.token as string)
          : call === "balance"
            ? await balance(ctx, b.playerId as number)
            : call === "debit"
              ? await debit(ctx, move())
              : call === "credit"
                ? await credit(ctx, move())
                : call === "rollback"
                  ? await rollback(ctx, move())
                  : await reverse(ctx, move());
      return { success: true, value: { ...value, requestId: b.requestId } };
    };
    for (const call of Object.keys(Schemas) as Array<keyof typeof Schemas>) {
      scope.post(
        `/provider/:vendor/${call}`,
        call === "credits" ? { bodyLimit: CREDITS_BODY } : {},
        handle(call),
      );
    }
  });
}
