// `npm run migration:new -- <app> <snake_name>`: an empty migration named by the current UTC time
// (YYYYMMDDHHMMSS_snake_name.sql), so it sorts after every migration written before it
// (docs/database.md). <app>: server, rgs, sportsbook, or a migrations folder.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { root } from "./lib.mjs";

const FOLDERS = {
  server: "apps/server/src/db/migrations",
  rgs: "apps/rgs/migrations",
  sportsbook: "apps/sportsbook/migrations",
};
const [app, name] = process.argv.slice(2);
const folder = app && (FOLDERS[app] ?? app);
if (!folder || !name || !existsSync(join(root, folder)) || !/^[a-z0-9_]+$/.test(name)) {
  console.error("usage: npm run migration:new -- <server|rgs|sportsbook|folder> <snake_case_name>");
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
const newest = readdirSync(join(root, folder))
  .filter((f) => /^\d{14}_/.test(f))
  .sort()
  .at(-1);
if (newest && newest.slice(0, 14) >= stamp) {
  console.error(`${newest} is numbered at or after the current UTC time ${stamp}: check the clock`);
  process.exit(1);
}
const file = join(folder, `${stamp}_${name}.sql`);
writeFileSync(join(root, file), "-- What this migration changes, and why.\n");
console.log(file);
