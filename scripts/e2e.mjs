// End-to-end: build both sites, prepare a fresh embedded database with the demo brand and a
// known test operator, then run Playwright in Debian's Chromium (never a downloaded browser).
import { spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureChromium, root, run } from "./lib.mjs";

const chromium = await ensureChromium();
const port = process.env.E2E_PORT ?? "8181";
// Each run builds both sites into its own folder, so runs on different ports never serve each
// other's half-written files.
const dists = {};
for (const app of ["web", "admin"]) {
  const out = join(root, "test-results", `dist-${port}`, app);
  const cwd = join(root, "apps", app);
  const code = await run("npx", ["vite", "build", "--outDir", out, "--emptyOutDir"], { cwd });
  if (code !== 0) process.exit(code);
  const zip = await run(process.execPath, [join(root, "scripts", "precompress.mjs"), out]);
  if (zip !== 0) process.exit(zip);
  dists[app] = out;
}
// The in-house game server's slot client, served from its own dist by the RGS.
const rgs = await run("npm", ["run", "build", "-w", "apps/rgs"]);
if (rgs !== 0) process.exit(rgs);
// One server per shard, each with its own embedded database (PGlite serves one connection):
// a whole-suite run uses E2E_SHARDS shards (default 2 — the machine's two cores), each on its
// own port with its own data folder, each given a share of the spec files balanced by their
// earlier durations (splitFiles). Tests inside one shard run one at a time (installation-wide settings); shards
// never share a server, so they never see each other. With files or filters given, one shard
// runs them with the server Playwright starts.
const args = process.argv.slice(2);
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? (args.length ? 1 : 2)));
const baseEnv = {
  CHROMIUM_PATH: chromium,
  E2E_WEB_DIST: dists.web,
  E2E_ADMIN_DIST: dists.admin,
  // The operator the back-office tests log in as; created below, never used outside tests.
  E2E_OPERATOR: "e2e-owner",
  E2E_OPERATOR_PASSWORD: "e2e-Owner-pass-1234",
  E2E_OPERATOR_TOTP: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const runs = [];
const lists = args.length ? null : splitFiles(shards);
if (lists) rmSync(join(root, "test-results", "reports", "e2e-parts"), { recursive: true, force: true });
for (let i = 0; i < shards; i++) {
  const shardPort = String(Number(port) + i);
  const dataDir = mkdtempSync(join(tmpdir(), "panalo-e2e-"));
  const env = { ...baseEnv, E2E_DATA_DIR: dataDir, E2E_PORT: shardPort };
  runs.push(
    (async () => {
      const prep = await run(process.execPath, ["--import", "tsx", "e2e/support/prepare-db.ts"], { env });
      if (prep !== 0) return prep;
      const code = lists
        ? await runShard(lists[i], env, shardPort)
        : await run(
            "npx",
            ["playwright", "test", ...(shards > 1 ? [`--shard=${i + 1}/${shards}`] : []), ...args],
            {
              env,
            },
          );
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    })(),
  );
}
const codes = await Promise.all(runs);
if (lists) mergeParts(port, lists);
else if (shards > 1) mergeReports(port, shards);
process.exit(codes.find((c) => c !== 0) ?? 0);

/**
 * A whole-suite run: every spec file dealt to the shards longest first, each to the shard with
 * the least estimated work so far (by the durations of an earlier run, e2e/durations.json; a new
 * file counts as long), so the shards end close together. Each shard then runs its files in ONE
 * Playwright process: one start of the runner and one browser launch per shard, not per file
 * (each costs seconds on a busy two-core machine, and there are dozens of files).
 */
function splitFiles(count) {
  const estimatesPath = join(root, "e2e", "durations.json");
  const estimates = existsSync(estimatesPath) ? JSON.parse(readFileSync(estimatesPath, "utf8")) : {};
  const files = readdirSync(join(root, "e2e"))
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => `e2e/${f}`)
    .sort((a, b) => (estimates[b] ?? 120) - (estimates[a] ?? 120) || a.localeCompare(b));
  const shardLists = Array.from({ length: count }, () => ({ files: [], load: 0 }));
  for (const file of files) {
    const least = shardLists.reduce((min, s) => (s.load < min.load ? s : min));
    least.files.push(file);
    least.load += estimates[file] ?? 120;
  }
  return shardLists.map((s) => s.files);
}

/** One shard: its own server (the product's entry point, as Playwright would start it), then its files. */
async function runShard(files, env, shardPort) {
  const partsDir = join(root, "test-results", "reports", "e2e-parts");
  mkdirSync(partsDir, { recursive: true });
  const logPath = join(root, "test-results", `e2e-server-${shardPort}.log`);
  const log = openSync(logPath, "w");
  const server = spawn(process.execPath, ["--import", "tsx", "e2e/support/serve.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", log, log],
  });
  let exited = false;
  server.on("exit", () => {
    exited = true;
  });
  const up = await waitForHealth(`http://127.0.0.1:${shardPort}/healthz`, () => exited);
  if (!up) {
    console.error(`e2e server on ${shardPort} did not start: see ${logPath}`);
    server.kill("SIGKILL");
    return 1;
  }
  // Playwright orders the named files itself; the order inside a shard does not change its total.
  const code = await run("npx", ["playwright", "test", ...files], {
    env: {
      ...env,
      E2E_SERVER: "external",
      E2E_TRACE: "off",
      E2E_JSON_OUT: join(partsDir, `shard-${shardPort}.json`),
      E2E_ARTIFACTS: join(root, "test-results", `e2e-artifacts-${shardPort}`),
    },
  });
  // Read before the stop below: the server exits on that SIGTERM too, and only an exit while
  // the tests ran is a failure.
  const diedDuringRun = exited;
  if (diedDuringRun) console.error(`e2e server on ${shardPort} stopped during the run: see ${logPath}`);
  server.kill("SIGTERM");
  await new Promise((resolve) => (exited ? resolve() : server.once("exit", resolve)));
  return diedDuringRun ? 1 : code;
}

async function waitForHealth(url, gone) {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline && !gone()) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/**
 * The shards' reports as one (test-results/reports/e2e.json, which `npm test` reads), and what
 * each file took (the sum of its tests' run times) for the next run's split.
 */
function mergeParts(firstPort, shardLists) {
  const dir = join(root, "test-results", "reports");
  const partsDir = join(dir, "e2e-parts");
  const merged = {
    suites: [],
    errors: [],
    stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, duration: 0 },
  };
  const durations = {};
  shardLists.forEach((files, i) => {
    const path = join(partsDir, `shard-${Number(firstPort) + i}.json`);
    const r = existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : null;
    const reported = new Set();
    for (const suite of r?.suites ?? []) {
      const file = `e2e/${suite.file}`;
      reported.add(file);
      durations[file] = Math.round(suiteTime(suite) / 100) / 10;
    }
    // A file the shard never reported on (its runner or server stopped) did not pass.
    merged.stats.unexpected += files.filter((f) => !reported.has(f)).length;
    if (!r) return;
    merged.suites.push(...(r.suites ?? []));
    merged.errors.push(...(r.errors ?? []));
    for (const k of ["expected", "unexpected", "flaky", "skipped"]) merged.stats[k] += r.stats?.[k] ?? 0;
    merged.stats.duration = Math.max(merged.stats.duration, r.stats?.duration ?? 0);
  });
  writeFileSync(join(dir, `e2e${firstPort === "8181" ? "" : `-${firstPort}`}.json`), JSON.stringify(merged));
  // Copy to e2e/durations.json to keep them for the next runs' split.
  writeFileSync(join(dir, "e2e-durations.json"), `${JSON.stringify(durations, null, 2)}\n`);
  console.log(
    `e2e (${Object.keys(durations).length} files): ${merged.stats.expected} passed, ${merged.stats.unexpected} failed, ${merged.stats.flaky} flaky, ${merged.stats.skipped} skipped`,
  );
}

/** Milliseconds a report suite's tests ran, nested suites included. */
function suiteTime(suite) {
  let ms = 0;
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests ?? []) for (const res of t.results ?? []) ms += res.duration ?? 0;
  for (const inner of suite.suites ?? []) ms += suiteTime(inner);
  return ms;
}

/** The shards' JSON reports as one (test-results/reports/e2e[-port].json, which `npm test` reads). */
function mergeReports(firstPort, count) {
  const dir = join(root, "test-results", "reports");
  const file = (p) => join(dir, `e2e${p === "8181" ? "" : `-${p}`}.json`);
  const merged = {
    suites: [],
    errors: [],
    stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, duration: 0 },
  };
  for (let i = 0; i < count; i++) {
    const path = file(String(Number(firstPort) + i));
    if (!existsSync(path)) {
      merged.stats.unexpected += 1; // a shard that wrote no report did not pass
      continue;
    }
    const r = JSON.parse(readFileSync(path, "utf8"));
    merged.suites.push(...(r.suites ?? []));
    merged.errors.push(...(r.errors ?? []));
    for (const k of ["expected", "unexpected", "flaky", "skipped"]) merged.stats[k] += r.stats?.[k] ?? 0;
    merged.stats.duration = Math.max(merged.stats.duration, r.stats?.duration ?? 0);
  }
  writeFileSync(file(firstPort), JSON.stringify(merged));
  console.log(
    `e2e shards: ${merged.stats.expected} passed, ${merged.stats.unexpected} failed, ${merged.stats.flaky} flaky, ${merged.stats.skipped} skipped`,
  );
}
