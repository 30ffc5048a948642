// Prepare the end-to-end database before the server starts (PGlite is single-process):
// migrate, seed the demo brand and the test players, and create the known test operator through
// the real CLI.
import { spawnSync } from "node:child_process";
import { loadConfig } from "../../apps/server/src/config.ts";
import { openDatabase } from "../../apps/server/src/db/client.ts";
import { migrate } from "../../apps/server/src/db/migrate.ts";
import { seedIfEmpty } from "../../apps/server/src/seed/seed.ts";
import { seedAgentCentre } from "./seed-agent-centre.ts";
import { seedTestAgents } from "./seed-agents.ts";
import { seedCrashRoom } from "./seed-crash.ts";
import { seedFishPlayer } from "./seed-fish.ts";
import { seedLoyalty } from "./seed-loyalty.ts";
import { seedMatches } from "./seed-matches.ts";
import { seedTestPlayers } from "./seed-players.ts";
import { seedRewardPlayers } from "./seed-rewards.ts";

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
// The same settings as the test server (playwright.config.ts): production, demo mode on explicitly,
// so the seed makes the sandbox gateway's channels the suite pays through.
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, NODE_ENV: "production", DEMO_MODE: "true" });
const database = await openDatabase({ dataDir });
await migrate(database);
await seedIfEmpty(database.db, config);
await seedTestPlayers(database.db);
await seedTestAgents(database);
await seedAgentCentre(database);
await seedRewardPlayers(database);
await seedLoyalty(database);
await seedFishPlayer(database);
await seedCrashRoom(database);
await seedMatches(database);
await database.close();

const cli = spawnSync(
  process.execPath,
  [
    "--import",
    "tsx",
    "apps/server/src/cli/create-operator.ts",
    "--username",
    process.env.E2E_OPERATOR ?? "e2e-owner",
    "--role",
    "owner",
    "--password",
    process.env.E2E_OPERATOR_PASSWORD ?? "",
    "--totp-secret",
    process.env.E2E_OPERATOR_TOTP ?? "",
  ],
  { stdio: "inherit", env: { ...process.env, DATA_DIR: dataDir } },
);
process.exit(cli.status ?? 1);
