import type { FastifyInstance } from "fastify";
import { solveChallenge } from "../modules/members/human-check.ts";

/**
 * Each challenge is fetched from an address of its own: the per-address limit on challenges is
 * for a browser, and a test that registers many members must not meet it (nor depend on how
 * fast the machine runs). Tests of the limit itself call the route directly.
 */
let fetched = 0;
const nextAddress = () => {
  fetched++;
  return `10.250.${Math.floor(fetched / 250) % 250}.${(fetched % 250) + 1}`;
};

/** Fetch a human-check challenge and solve it, as the browser does. */
export async function solvedHumanCheck(app: FastifyInstance) {
  const c = (
    await app.inject({ method: "GET", url: "/wps/human-check", remoteAddress: nextAddress() })
  ).json().value;
  const number = solveChallenge(c);
  if (number === null) throw new Error("unsolvable challenge");
  return { challenge: c.challenge, salt: c.salt, number, signature: c.signature };
}
