// bench/agents: a tree of 100,000 members (depth up to 10) with 2 million bets on PostgreSQL,
// the agents' daily rollup of the closed days (agents/rollup.ts), then the p99 of the agent
// centre's team overview for the top agent (target < 100 ms on the 2-core machine) called over
// HTTP as the agent centre calls it (logged in, GET /wps/agent/team/overview), for today (the
// live tail only), for seven days and for thirty days (rollup plus live tail). It checks that the
// figures read through the rollup equal those read from the records alone, prints the plans of
// the overview's heaviest statements and the load average (the machine is shared).
// Run: npx tsx bench/agents/index.ts   (BENCH_PG, BENCH_MEMBERS, BENCH_BETS, BENCH_DAYS, BENCH_CALLS)
import { loadavg } from "node:os";
import { buildApp } from "../../apps/server/src/app.ts";
import { loadConfig } from "../../apps/server/src/config.ts";
import { hashPassword } from "../../apps/server/src/lib/passwords.ts";
import { rollupAgentDays } from "../../apps/server/src/modules/agents/rollup.ts";
import { teamOverview } from "../../apps/server/src/modules/agents/team.ts";
import { benchDatabase, buildAgentTree } from "./tree.ts";

const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 2_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const CALLS = Number(process.env.BENCH_CALLS ?? 250);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

// BENCH_KEEP=1 keeps the database; BENCH_DB=<name> measures again on a kept one (no build; the
// rollup is dropped and done again, so the records-alone check still holds — or, with
// BENCH_ROLLED=1, kept as it is: only the calls are measured).
const keepRollup = Boolean(process.env.BENCH_DB && process.env.BENCH_ROLLED);
const { database, drop, name } = await benchDatabase(serverUrl, process.env.BENCH_DB);
try {
  let tree: { topAgentId: number; maxDepth: number };
  if (!process.env.BENCH_DB) {
    const built = await buildAgentTree(database, {
      members: MEMBERS,
      fanOut: 4,
      bets: BETS,
      days: DAYS,
      prefix: "ag",
    });
    tree = built;
    console.log(
      `built ${MEMBERS} members (max depth ${built.maxDepth}) and ${BETS} bets over ${DAYS} days in ${built.seconds.toFixed(1)} s`,
    );
  } else if (!keepRollup) {
    await database.exec(`DELETE FROM agent_member_hours; DELETE FROM agent_member_days; DELETE FROM agent_team_hours; DELETE FROM agent_team_days;
      UPDATE agent_rollup_state SET done_until = NULL, hours_from = NULL, hours_until = NULL, team_hours_from = NULL, team_hours_until = NULL`);
    const [top] = await database.prepared<{ id: string }>(
      "bench_top",
      "SELECT id FROM members WHERE username = 'ag0'",
      [],
    );
    tree = { topAgentId: Number(top?.id), maxDepth: 0 };
    console.log(`again on ${name}`);
  } else tree = { topAgentId: 0, maxDepth: 0 };
  if (keepRollup) {
    const [top] = await database.prepared<{ id: string }>(
      "bench_top_kept",
      "SELECT id FROM members WHERE username = 'ag0'",
      [],
    );
    tree = { topAgentId: Number(top?.id), maxDepth: 0 };
    console.log(`again on ${name}, rollup kept`);
  }
  const manila = (msAgo: number) => new Date(Date.now() - msAgo + 8 * 3_600_000).toISOString().slice(0, 10);
  const periods = [
    ["today", manila(0)],
    ["7 days", manila(6 * 86_400_000)],
    ["30 days", manila(29 * 86_400_000)],
  ] as const;

  // The records alone (nothing rolled up yet), then the rollup of every closed day.
  const recordsOnly = [];
  for (const [, startDate] of keepRollup ? [] : periods)
    recordsOnly.push(
      await teamOverview(database.db, tree.topAgentId, "PHP", { startDate, endDate: manila(0) }),
    );
  const t0 = performance.now();
  if (!keepRollup) {
    const rolled = await rollupAgentDays({ db: database.db }, new Date());
    console.log(
      `rollup: ${rolled.days} days, ${rolled.rows} member-day rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${load()})`,
    );
    await database.exec("ANALYZE agent_member_days; ANALYZE agent_team_days; ANALYZE agent_team_hours");
  }
  for (const [i, [label, startDate]] of keepRollup ? [] : periods.entries()) {
    const through = await teamOverview(database.db, tree.topAgentId, "PHP", {
      startDate,
      endDate: manila(0),
    });
    const same = JSON.stringify(through) === JSON.stringify(recordsOnly[i]);
    console.log(`${label}: rollup + live tail ${same ? "equals" : "DIFFERS FROM"} the records alone`);
    if (!same) process.exitCode = 1;
  }

  // The top agent logs in as the agent centre does; calls go over HTTP.
  await database.prepared(
    "bench_agents_password",
    "UPDATE members SET password_hash = $1, first_login_done = true WHERE id = $2",
    [await hashPassword("secret123"), tree.topAgentId],
  );
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "test",
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    APP_SECRET: "bench-agents-secret-bench-agents-secret",
    RGS_LOTTERY_INTERVAL_MS: "0",
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  try {
    const login = (await (
      await fetch(`${base}/wps/session/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "ag0", password: "secret123", path: "agent" }),
      })
    ).json()) as { success: boolean; value: { token: string } };
    if (!login.success) throw new Error(`login failed: ${JSON.stringify(login)}`);
    const headers = { authorization: `Bearer ${login.value.token}`, "x-lang": "EN" };
    for (const [label, startDate] of periods) {
      const url = `${base}/wps/agent/team/overview?startDate=${startDate}&endDate=${manila(0)}`;
      const call = async () => {
        const res = await fetch(url, { headers });
        const body = (await res.json()) as {
          success: boolean;
          value: { teamSize: number; activeMembers: number; bets: string };
        };
        if (!body.success) throw new Error(`overview failed: ${JSON.stringify(body)}`);
        return body.value;
      };
      const first = await call();
      for (let i = 0; i < 10; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < CALLS; i++) {
        const s = performance.now();
        await call();
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) =>
        times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
      console.log(
        `team overview over HTTP (${label}, team ${first.teamSize}, active ${first.activeMembers}, bets ${first.bets}): ` +
          `p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms over ${CALLS} calls (load ${load()})`,
      );
    }
  } finally {
    await app.close();
  }

  // The plans of the overview's two heaviest statements for seven days (rollup and live tail).
  const from = manila(6 * 86_400_000);
  for (const [label, text] of [
    [
      "rollup part",
      `SELECT d.day, sum(d.bets), count(*) FILTER (WHERE d.bet_count > 0) FROM agent_member_days d
        JOIN member_tree t ON t.descendant_id = d.member_id AND t.ancestor_id = ${tree.topAgentId} AND t.depth > 0
        WHERE d.day >= '${from}' AND d.day < '${manila(0)}' GROUP BY d.day`,
    ],
    [
      "live tail",
      `SELECT count(*), sum(p.amount) FROM provider_transactions p
        JOIN member_tree t ON t.descendant_id = p.member_id AND t.ancestor_id = ${tree.topAgentId} AND t.depth > 0
        WHERE p.kind IN ('bet', 'win', 'rollback') AND p.created_at >= '${manila(0)}T00:00:00+08:00'`,
    ],
  ] as const) {
    const plan = await database.prepared<{ "QUERY PLAN": string }>(
      `bench_agents_plan_${label.replace(/\W/g, "_")}`,
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${text}`,
      [],
    );
    console.log(`plan (${label}):\n${plan.map((p) => `  ${p["QUERY PLAN"]}`).join("\n")}`);
  }
} finally {
  if (process.env.BENCH_KEEP || process.env.BENCH_DB) {
    await database.close();
    console.log(`database kept: BENCH_DB=${name}`);
  } else await drop();
}
