// bench/web: build the player site, serve it with the demo brand, and print
//  1. the gzipped size of all JavaScript the home route loads (target < 110 KB), and
//  2. the Lighthouse performance score of the home page on mobile settings (target ≥ 92), with
//     its total blocking time,
// measured BENCH_RUNS times (default 3) on one build, then a summary line per run.
// Run: npx tsx bench/web/index.ts   (needs Debian's Chromium; CHROMIUM_PATH overrides)
// Results of past runs: bench/web/README.md.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const root = join(import.meta.dirname, "../..");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const port = Number(process.env.BENCH_PORT ?? 8191);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const base = `http://127.0.0.1:${port}`;
const flags = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

function sh(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const r = spawnSync(cmd, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer at ${url}`);
}

async function homeJavaScriptGzipBytes(): Promise<{ total: number; files: Array<[string, number]> }> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Map<string, number>();
  page.on("response", async (res) => {
    const type = res.headers()["content-type"] ?? "";
    if (!type.includes("javascript")) return;
    const body = await res.body().catch(() => Buffer.alloc(0));
    scripts.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length);
  });
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.waitForTimeout(1000);
  await browser.close();
  const files = [...scripts.entries()].sort((a, b) => b[1] - a[1]);
  return { total: files.reduce((s, [, n]) => s + n, 0), files };
}

function lighthouseScore(): { score: number; tbt: string; lcp: string } {
  const out = join(mkdtempSync(join(tmpdir(), "panalo-lh-")), "report.json");
  sh(
    "npx",
    [
      "lighthouse",
      `${base}/`,
      "--quiet",
      "--only-categories=performance",
      "--output=json",
      `--output-path=${out}`,
      `--chrome-flags=--headless=new ${flags.join(" ")}`,
    ],
    { CHROME_PATH: chromiumPath },
  );
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    categories: { performance: { score: number } };
    audits: Record<string, { displayValue?: string; numericValue?: number }>;
  };
  for (const id of [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ]) {
    console.log(`  ${id}: ${report.audits[id]?.displayValue ?? "?"}`);
  }
  return {
    score: Math.round(report.categories.performance.score * 100),
    tbt: `${Math.round(report.audits["total-blocking-time"]?.numericValue ?? Number.NaN)} ms`,
    lcp: report.audits["largest-contentful-paint"]?.displayValue ?? "?",
  };
}

sh("npm", ["run", "build", "-w", "apps/web"]);
const dataDir = mkdtempSync(join(tmpdir(), "panalo-bench-web-"));
const server = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
  cwd: root,
  stdio: "ignore",
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
  },
});
try {
  await waitFor(`${base}/healthz`, 120_000);
  const summary: string[] = [];
  for (let run = 1; run <= runs; run++) {
    // Lighthouse's simulated throttling scales the main-thread time it observes, so other
    // processes' CPU shows up in the score: each run records the machine's load beside it.
    const load = loadavg()[0]?.toFixed(1) ?? "?";
    console.log(`\n── run ${run} of ${runs} (load average ${load})`);
    const js = await homeJavaScriptGzipBytes();
    console.log("JavaScript loaded by the home route (gzip -9):");
    for (const [file, bytes] of js.files)
      console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
    const kb = (js.total / 1024).toFixed(1);
    console.log(`home route JS gzipped: ${kb} KB (target < 110 KB)`);
    console.log("\nLighthouse (mobile, simulated throttling):");
    const { score, tbt, lcp } = lighthouseScore();
    console.log(`Lighthouse performance score: ${score} (target >= 92)`);
    summary.push(
      `run ${run}: home JS ${kb} KB gz · Lighthouse ${score} · TBT ${tbt} · LCP ${lcp} · load average ${load}→${loadavg()[0]?.toFixed(1)}`,
    );
  }
  console.log(
    `\nSummary (${new Date().toISOString()}, load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}):`,
  );
  for (const line of summary) console.log(`  ${line}`);
} finally {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
