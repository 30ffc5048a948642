import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 8181);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  outputDir: `test-results/e2e-artifacts-${port}`,
  // Several tests change installation-wide settings (maintenance, region rules): run one at a time.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The default port's report is the one `npm test` reads; other ports (parallel runs) keep theirs.
  reporter: [
    ["list"],
    ["json", { outputFile: `test-results/reports/e2e${port === 8181 ? "" : `-${port}`}.json` }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
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
  webServer: {
    command: "node --import tsx apps/server/src/main.ts",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
      SEED_DEMO: "true",
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      APP_SECRET: "e2e-secret-e2e-secret-e2e-secret-0001",
      // Links the server builds (OpenID redirect URIs, reset links) point at this test server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The sites built for this run (scripts/e2e.mjs), else the apps' own dist folders.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ...(process.env.E2E_ADMIN_DIST ? { ADMIN_DIST: process.env.E2E_ADMIN_DIST } : {}),
    },
  },
});
