// bench/agents: a tree of 100,000 members (depth up to 10) with 2 million bets on PostgreSQL,
// then the p99 of the agent centre's team overview for the top agent (target < 100 ms on the
// 2-core machine), for one day (the page's default) and for seven days.
// Run: npx tsx bench/agents/index.ts   (BENCH_PG, BENCH_MEMBERS, BENCH_BETS, BENCH_DAYS, BENCH_CALLS)
import { teamOverview } from "../../apps/server/src/modules/agents/team.ts";
import { benchDatabase, buildAgentTree } from "./tree.ts";

const serverUrl = process.env.BENCH_PG ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.BENCH_BETS ?? 2_000_000);
const DAYS = Number(process.env.BENCH_DAYS ?? 30);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);

const { database, drop } = await benchDatabase(serverUrl);
try {
  const tree = await buildAgentTree(database, {
    members: MEMBERS,
    fanOut: 4,
    bets: BETS,
    days: DAYS,
    prefix: "ag",
  });
  console.log(
    `built ${MEMBERS} members (max depth ${tree.maxDepth}) and ${BETS} bets over ${DAYS} days in ${tree.seconds.toFixed(1)} s`,
  );
  const manila = (msAgo: number) => new Date(Date.now() - msAgo + 8 * 3_600_000).toISOString().slice(0, 10);
  for (const [label, startDate] of [
    ["today", manila(0)],
    ["7 days", manila(6 * 86_400_000)],
  ] as const) {
    const q = { startDate, endDate: manila(0) };
    const first = await teamOverview(database.db, tree.topAgentId, "PHP", q);
    for (let i = 0; i < 10; i++) await teamOverview(database.db, tree.topAgentId, "PHP", q);
    const times: number[] = [];
    for (let i = 0; i < CALLS; i++) {
      const t0 = performance.now();
      await teamOverview(database.db, tree.topAgentId, "PHP", q);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)] ?? 0;
    console.log(
      `team overview (${label}, team ${first.teamSize}, active ${first.activeMembers}, bets ${first.bets}): ` +
        `p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms over ${CALLS} calls`,
    );
  }
} finally {
  await drop();
}
