// Type-check every workspace with its own tsconfig (DOM for the front ends, Node for the rest):
// each folder under apps/ and packages/ (and one level below, like apps/rgs/ui) that has a
// tsconfig.json, then the root project (scripts, bench, e2e). Found, not listed, so a new app is
// checked from its first commit. `npm run typecheck` and `npm test` both run this.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { root, run } from "./lib.mjs";

const projects = [];
const visit = (dir, depth) => {
  if (existsSync(join(root, dir, "tsconfig.json"))) projects.push(dir);
  if (depth === 0) return;
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    if (entry.isDirectory() && !["node_modules", "dist", "src"].includes(entry.name)) {
      visit(join(dir, entry.name), depth - 1);
    }
  }
};
for (const top of ["packages", "apps"]) visit(top, 2);
projects.push(".");

let failed = 0;
for (const p of projects) {
  const code = await run("npx", ["tsc", "-p", p]);
  if (code !== 0) {
    console.error(`typecheck failed in ${p}`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
