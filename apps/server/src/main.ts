import { startUofAdapter } from "@panalo/sportsbook/uof-amqp";
import { buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./db/client.ts";
import { migrate } from "./db/migrate.ts";
import { withAppSecret } from "./lib/app-secret.ts";
import { startVendorTransferLoop } from "./modules/providers/transfer-wallet.ts";
import { seedIfEmpty } from "./seed/seed.ts";

const config = withAppSecret(loadConfig());
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const applied = await migrate(database);
if (applied.migrations.length) console.log(`Applied migrations: ${applied.migrations.join(", ")}`);
if (applied.functions.length) console.log(`Applied function files: ${applied.functions.join(", ")}`);
const seeded = config.SEED_DEMO ? await seedIfEmpty(database.db, config) : null;
const app = await buildApp({ config, database });
await app.listen({ host: config.HOST, port: config.PORT });
// Scheduled jobs (jobs/catalog.ts) through the PostgreSQL job queue; every process runs it.
await app.jobs.start();
// Transfers to vendor wallets whose outcome is unknown: asked of the vendor until known.
const stopTransfers = startVendorTransferLoop(app.ctx, 10_000, (msg, err) => app.log.error({ err }, msg));
// The Sportradar Unified Odds Feed over AMQP, when UOF_AMQP_URL is set (apps/sportsbook/src/uof-amqp.ts),
// for the sportsbook mounted here.
const uof = app.sportsbook
  ? await startUofAdapter(app.sportsbook, (level, msg, detail) => app.log[level]({ detail }, msg))
  : null;

const base = `http://localhost:${config.PORT}`;
console.log(
  `\nPanalo is running on ${database.kind === "pglite" ? `the embedded database in ${config.DATA_DIR}` : "PostgreSQL"}.`,
);
console.log(`  Player site:  ${base}/`);
console.log(`  Back office:  ${base}/admin`);
console.log(`  Game server:  ${base}/rgs/health`);
if (seeded?.operator) {
  console.log("\nFirst start: an owner operator account was created for the back office.");
  console.log(`  username: ${seeded.operator.username}`);
  console.log(`  password: ${seeded.operator.password}   (shown once; change it after logging in)`);
  console.log(`  TOTP secret: ${seeded.operator.totpSecret}   (add it to an authenticator app)`);
}
if (seeded?.demoAgent) {
  console.log("\nDemo mode: an agent with a small team, for the agent centre (/agent).");
  console.log(
    `  username: ${seeded.demoAgent.username}   password: ${seeded.demoAgent.password}   (shown once)`,
  );
  console.log(`  invitation code: ${seeded.demoAgent.affiliateCode}`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    await stopTransfers();
    await uof?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  });
}
