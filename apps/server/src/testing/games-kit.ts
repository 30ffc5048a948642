import type { FastifyInstance } from "fastify";
import { postAndNotify } from "../modules/ledger/notify.ts";
import { inHouseProviderSecret, signProvider } from "../modules/providers/service.ts";
import { solvedHumanCheck } from "./human.ts";

/** Test helpers of the games module: members with money, and signed provider calls. */

export async function registerMember(
  app: FastifyInstance,
  username: string,
  deposit = 0n,
): Promise<{ id: number; token: string }> {
  const v = (
    await app.inject({
      method: "PUT",
      url: "/wps/member/register",
      payload: {
        username,
        password: "secret123",
        confirmPassword: "secret123",
        ageConfirmed: true,
        agree: true,
        humanCheck: await solvedHumanCheck(app),
      },
    })
  ).json().value;
  if (deposit > 0n) {
    await postAndNotify(app.ctx, {
      idempotencyKey: `seed-${username}`,
      type: "deposit",
      memberId: v.customerId,
      legs: [
        { account: { house: "cash", currency: "PHP" }, amount: -deposit },
        { account: { member: v.customerId, kind: "main", currency: "PHP" }, amount: deposit },
      ],
    });
  }
  return { id: v.customerId, token: v.token };
}

/** A provider call of an in-house vendor, signed with the secret the seed stored. */
export async function providerCall(
  app: FastifyInstance,
  vendor: string,
  call: string,
  body: Record<string, unknown>,
): Promise<{ success: boolean; code?: string; value?: Record<string, unknown> }> {
  const raw = JSON.stringify({ requestId: `r-${Math.random().toString(36).slice(2)}`, ...body });
  const secret = inHouseProviderSecret(app.ctx.config.APP_SECRET ?? "", vendor);
  const res = await app.inject({
    method: "POST",
    url: `/provider/${vendor}/${call}`,
    headers: { "content-type": "application/json", "x-signature": signProvider(secret, raw) },
    payload: raw,
  });
  return res.json();
}
