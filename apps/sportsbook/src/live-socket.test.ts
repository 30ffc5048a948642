import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestApp, type TestApp } from "../../server/src/testing/test-app.ts";
import { queryRows } from "./db.ts";
import { simMatchesAt, simulate } from "./simulator.ts";
import { sb } from "./sports-testkit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
}, 120_000);
afterAll(async () => t?.close());

it("pushes a simulated match's new prices to a guest watching it on the public socket", async () => {
  const at = Date.now();
  const sim = simMatchesAt(at).find((m) => m.sport.code === "football" && m.start > at);
  if (!sim) throw new Error("no match");
  await simulate(sb(t.app), { at: new Date(at), only: sim.extId });
  const [row] = await queryRows<{ id: string }>(
    sb(t.app).db,
    sql`SELECT id FROM sportsbook.sb_matches WHERE ext_id = ${sim.extId}`,
  );
  const address = t.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/sports/live`);
  await new Promise((r) => ws.once("open", r));
  ws.send(JSON.stringify({ type: "watch", matches: [] }));
  ws.send(JSON.stringify({ type: "watch", matches: [Number(row?.id), 99] }));
  await new Promise((r) => setTimeout(r, 100));
  const got = new Promise<string>((r) => ws.once("message", (d) => r(String(d))));
  await simulate(sb(t.app), { at: new Date(at + 1000), only: sim.extId });
  const push = JSON.parse(await got) as { type: string; matchId: number; markets: unknown[] };
  expect(push).toMatchObject({ type: "odds", matchId: Number(row?.id) });
  expect(push.markets.length).toBeGreaterThan(3);
  ws.close();
});

it("tells a viewer where a match stands as soon as it starts watching, with no change needed", async () => {
  const at = Date.now();
  const sim = simMatchesAt(at).find((m) => m.sport.code === "football" && m.start > at);
  if (!sim) throw new Error("no match");
  await simulate(sb(t.app), { at: new Date(at), only: sim.extId });
  const [row] = await queryRows<{ id: string }>(
    sb(t.app).db,
    sql`SELECT id FROM sportsbook.sb_matches WHERE ext_id = ${sim.extId}`,
  );
  const address = t.app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/sports/live`);
  const first = new Promise<string>((r) => ws.once("message", (d) => r(String(d))));
  await new Promise((r) => ws.once("open", r));
  ws.send(JSON.stringify({ type: "watch", matches: [Number(row?.id)] }));
  // Nothing moves the match: the first message is its state as it is now.
  const push = JSON.parse(await first) as {
    type: string;
    matchId: number;
    status: string;
    markets: unknown[];
  };
  expect(push).toMatchObject({ type: "odds", matchId: Number(row?.id), status: "not_started" });
  expect(push.markets.length).toBeGreaterThan(3);
  ws.close();
});
