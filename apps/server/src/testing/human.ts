import type { FastifyInstance } from "fastify";
import { solveChallenge } from "../modules/members/human-check.ts";

/** Fetch a human-check challenge and solve it, as the browser does. */
export async function solvedHumanCheck(app: FastifyInstance) {
  const c = (await app.inject({ method: "GET", url: "/wps/human-check" })).json().value;
  const number = solveChallenge(c);
  if (number === null) throw new Error("unsolvable challenge");
  return { challenge: c.challenge, salt: c.salt, number, signature: c.signature };
}
