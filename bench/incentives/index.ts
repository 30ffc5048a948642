// bench/incentives: the incentives' two figures, one after the other on PostgreSQL —
//   rebate.ts  the daily rebate run for 100,000 members with 2 million bets (target < 30 s);
//   debit.ts   the added latency of a provider debit when the member has an active bonus
//              (target: p99 within 5 ms of one without a bonus).
// Run: npx tsx bench/incentives/index.ts   (each part's own variables apply; see its header)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));
let failed = false;
for (const part of ["rebate.ts", "debit.ts"]) {
  console.log(`\n=== bench/incentives/${part} ===`);
  const r = spawnSync(process.execPath, ["--import", "tsx", `${here}${part}`], { stdio: "inherit" });
  if (r.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
