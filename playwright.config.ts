import { defineConfig } from "@playwright/test";
import { e2eServerEnv } from "./e2e/support/server-env.ts";

const port = Number(process.env.E2E_PORT ?? 8181);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: process.env.E2E_ARTIFACTS ?? `test-results/e2e-artifacts-${port}`,
  // Several tests change installation-wide settings (maintenance, region rules): run one at a time.
  workers: 1,
  fullyParallel: false,
  // A test that needs a retry is a broken test.
  retries: 0,
  // Limits for a hung page, not for a slow machine (CI may share two cores with other work).
  timeout: 240_000,
  // A state a step waits for: on two shards on two cores (load 10-14) a login's answer has taken
  // over 20 s. Only a failing test waits this long.
  expect: { timeout: 45_000 },
  // The default port's report is the one `npm test` reads; other ports (parallel runs) keep theirs.
  reporter: [
    ["list"],
    [
      "json",
      {
        outputFile:
          process.env.E2E_JSON_OUT ?? `test-results/reports/e2e${port === 8181 ? "" : `-${port}`}.json`,
      },
    ],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A run of chosen files keeps a failed test's trace: each action with the page's DOM before
    // and after (no screencast). A whole-suite run (scripts/e2e.mjs, E2E_TRACE=off) records none:
    // a trace is recorded for every test and dropped when it passes, which costs a tenth of the
    // run's CPU, and a failure there is read from its message, its page snapshot
    // (error-context.md) and its screenshot, which are still kept.
    trace:
      process.env.E2E_TRACE === "off"
        ? "off"
        : { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  // scripts/e2e.mjs starts the server itself on a whole-suite run (one per shard, fed files
  // from a queue); Playwright starts it for a run of chosen files.
  webServer:
    process.env.E2E_SERVER === "external"
      ? undefined
      : {
          command: "node --import tsx apps/server/src/main.ts",
          url: `http://127.0.0.1:${port}/healthz`,
          reuseExistingServer: false,
          timeout: 600_000, // a busy machine starts the server slowly; only a failure to start fails
          env: e2eServerEnv(port),
        },
});
