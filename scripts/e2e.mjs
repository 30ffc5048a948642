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
import { basename, join } from "node:path";
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
// own port with its own data folder, that take spec files from one queue (longest first) until
// it is empty. Tests inside one shard run one at a time (installation-wide settings); shards
// never share a server, so they never see each other. With files or filters given, one shard
// runs them with the server Playwright starts.
const args = process.argv.slice(2);
/** Seconds each spec file took in this run (a whole-suite run). */
const durations = {};
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
const queued = args.length ? null : specQueue();
if (queued) rmSync(join(root, "test-results", "reports", "e2e-parts"), { recursive: true, force: true });
for (let i = 0; i < shards; i++) {
  const shardPort = String(Number(port) + i);
  const dataDir = mkdtempSync(join(tmpdir(), "panalo-e2e-"));
  const env = { ...baseEnv, E2E_DATA_DIR: dataDir, E2E_PORT: shardPort };
  runs.push(
    (async () => {
      const prep = await run(process.execPath, ["--import", "tsx", "e2e/support/prepare-db.ts"], { env });
      if (prep !== 0) return prep;
      const code = queued
        ? await runQueue(queued, env, shardPort)
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
if (queued) mergeParts(port);
else if (shards > 1) mergeReports(port, shards);
process.exit(codes.find((c) => c !== 0) ?? 0);

/**
 * A whole-suite run: every spec file in one queue, longest first by the durations measured on
 * an earlier run (e2e/durations.json; a new file counts as long), that the shards take from as
 * each finishes one — so no shard idles while the other still has a long list.
 */
function specQueue() {
  const estimatesPath = join(root, "e2e", "durations.json");
  const estimates = existsSync(estimatesPath) ? JSON.parse(readFileSync(estimatesPath, "utf8")) : {};
  const files = readdirSync(join(root, "e2e"))
    .filter((f) => f.endsWith(".spec.ts"))
    .map((f) => `e2e/${f}`);
  return files.sort((a, b) => (estimates[b] ?? 120) - (estimates[a] ?? 120) || a.localeCompare(b));
}

/** One shard: its own server (the product's entry point, as Playwright would start it), then files from the queue. */
async function runQueue(queue, env, shardPort) {
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
  let worst = 0;
  for (let file = queue.shift(); file; file = queue.shift()) {
    const name = basename(file, ".spec.ts");
    const started = Date.now();
    const code = await run("npx", ["playwright", "test", file], {
      env: {
        ...env,
        E2E_SERVER: "external",
        E2E_JSON_OUT: join(partsDir, `${name}.json`),
        E2E_ARTIFACTS: join(root, "test-results", `e2e-artifacts-${shardPort}`, name),
      },
    });
    durations[file] = Math.round((Date.now() - started) / 100) / 10;
    if (code !== 0) worst = code;
    if (exited) {
      console.error(`e2e server on ${shardPort} stopped during ${file}: see ${logPath}`);
      return 1;
    }
  }
  server.kill("SIGTERM");
  await new Promise((resolve) => (exited ? resolve() : server.once("exit", resolve)));
  return worst;
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

/** The queue's per-file reports as one (test-results/reports/e2e.json, which `npm test` reads). */
function mergeParts(firstPort) {
  const dir = join(root, "test-results", "reports");
  const partsDir = join(dir, "e2e-parts");
  const merged = {
    suites: [],
    errors: [],
    stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, duration: 0 },
  };
  for (const file of Object.keys(durations)) {
    const path = join(partsDir, `${basename(file, ".spec.ts")}.json`);
    if (!existsSync(path)) {
      merged.stats.unexpected += 1; // a file that wrote no report did not pass
      continue;
    }
    const r = JSON.parse(readFileSync(path, "utf8"));
    merged.suites.push(...(r.suites ?? []));
    merged.errors.push(...(r.errors ?? []));
    for (const k of ["expected", "unexpected", "flaky", "skipped"]) merged.stats[k] += r.stats?.[k] ?? 0;
    merged.stats.duration += r.stats?.duration ?? 0;
  }
  merged.stats.unexpected += queued.length; // files a stopped shard never ran did not pass
  writeFileSync(join(dir, `e2e${firstPort === "8181" ? "" : `-${firstPort}`}.json`), JSON.stringify(merged));
  // What each file took, for the next run's order (copy to e2e/durations.json to keep it).
  writeFileSync(join(dir, "e2e-durations.json"), `${JSON.stringify(durations, null, 2)}\n`);
  console.log(
    `e2e (${Object.keys(durations).length} files): ${merged.stats.expected} passed, ${merged.stats.unexpected} failed, ${merged.stats.flaky} flaky, ${merged.stats.skipped} skipped`,
  );
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
