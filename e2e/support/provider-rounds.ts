import { createHmac } from "node:crypto";
import { type APIRequestContext, expect } from "@playwright/test";

/**
 * Rounds of the in-house slot vendor PNS made through the platform's signed provider protocol
 * (docs/provider-protocol.md), as the game server would: for set-up only, when a test needs a
 * round in a given state (an open bet before its result) rather than the game screen itself.
 */
const APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0001"; // e2e/support/server-env.ts
const SECRET = createHmac("sha256", APP_SECRET).update("provider-secret:PNS").digest("hex");

async function call(api: APIRequestContext, name: string, body: Record<string, unknown>) {
  const raw = JSON.stringify({ requestId: `e2e-${Math.random().toString(36).slice(2)}`, ...body });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", SECRET).update(`${t}.${raw}`).digest("hex");
  const res = await api.post(`/provider/PNS/${name}`, {
    headers: { "content-type": "application/json", "x-signature": `t=${t},v1=${v1}` },
    data: raw,
  });
  const json = await res.json();
  expect(json.success, JSON.stringify(json)).toBe(true);
  return json.value;
}

/** A launch token of a PNS slot for the member behind `auth` (what the game server bets with). */
export async function slotToken(api: APIRequestContext, auth: Record<string, string>): Promise<string> {
  const games = await (
    await api.post("/wps/relay/GCSGAME_gameList", {
      data: { gameType: "RNG", vassalage: "PNS", pageNo: 1, pageSize: 1 },
    })
  ).json();
  const nodeId = games.value.games[0].nodeId;
  const launch = await (await api.post("/wps/game/launchGame", { headers: auth, data: { nodeId } })).json();
  return new URL(launch.value.url, "http://site").searchParams.get("token") ?? "";
}

/** A bet; with `win`, the round is settled with that win, else it stays open. */
export async function slotRound(
  api: APIRequestContext,
  r: { token: string; playerId: number; round: string; bet: string; win?: string },
): Promise<void> {
  await call(api, "debit", {
    token: r.token,
    playerId: r.playerId,
    transactionId: `${r.round}:bet`,
    roundId: r.round,
    amount: r.bet,
    roundClosed: false,
  });
  if (r.win === undefined) return;
  await call(api, "credit", {
    playerId: r.playerId,
    transactionId: `${r.round}:win`,
    roundId: r.round,
    betTransactionId: `${r.round}:bet`,
    amount: r.win,
    roundClosed: true,
  });
}
