// Type-check every workspace with its own tsconfig (DOM for the front ends, Node for the rest).
import { run } from "./lib.mjs";

const projects = [
  "packages/contracts",
  "packages/game-math",
  "apps/rgs",
  "apps/rgs/ui",
  "apps/server",
  "apps/web",
  "apps/admin",
  ".",
];
let failed = 0;
for (const p of projects) {
  const code = await run("npx", ["tsc", "-p", p]);
  if (code !== 0) {
    console.error(`typecheck failed in ${p}`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
