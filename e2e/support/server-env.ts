// The environment of the e2e server: one definition for Playwright's own webServer (a run
// with files or filters) and for scripts/e2e.mjs, which starts one server per shard itself and
// feeds it spec files from a shared queue (e2e/support/serve.ts).
export function e2eServerEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: process.env.E2E_DATA_DIR ?? "./data/e2e",
    SEED_DEMO: "true",
    NODE_ENV: "production",
    // The suite pays through the sandbox gateway and reads codes from the outbox as the owner:
    // demo mode, switched on explicitly as an operator would for a demo server.
    DEMO_MODE: "true",
    // The sportsbook's simulator runs only when a test drives it (e2e/sports.spec.ts).
    SPORTS_SIMULATOR: "off",
    LOG_LEVEL: "warn",
    APP_SECRET: "e2e-secret-e2e-secret-e2e-secret-0001",
    // Links the server builds (OpenID redirect URIs, reset links) point at this test server.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The site is also served as localhost:<port> (e2e/player-fixes.spec.ts visits it there:
    // gateway returns and game lobby links must come back to the address the player used).
    SITE_HOSTS: `localhost:${port}`,
    // Every test signs in from 127.0.0.1: the test server gets its own per-address limits on
    // failed logins (the product's defaults stay as they are; config.ts).
    LOGIN_ADDRESS_MAX_FAILURES: "1000",
    // The browser talks to the server directly: no proxy (apps/server/src/lib/proxy-guard.ts).
    BEHIND_PROXY: "false",
    ADMIN_ADDRESS_MAX_FAILURES: "1000",
    // A smaller proof of work for the human check: the browser solving it is never the slow
    // part of a test on a loaded machine (the product's default stays; config.ts).
    HUMAN_CHECK_MAX_NUMBER: "5000",
    // Agent settlement bills periods that ended 2 s before a run, not 2 minutes: the agents'
    // whole-flow test ends a contract's period and has the operator start the run at once.
    AGENTS_SETTLE_LAG_SECONDS: "2",
    // Every test registers and asks for codes from 127.0.0.1: the same per-address limits, sized
    // for the suite (the product's defaults stay; config.ts ADDRESS_LIMITS).
    ADDRESS_LIMITS:
      "register=10000,sms=10000,reset=10000,freeplay=10000,human=10000,captcha=10000,password=10000",
    // The sites built for this run (scripts/e2e.mjs), else the apps' own dist folders.
    ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    ...(process.env.E2E_ADMIN_DIST ? { ADMIN_DIST: process.env.E2E_ADMIN_DIST } : {}),
  };
}
