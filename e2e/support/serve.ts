// One e2e server (scripts/e2e.mjs, a whole-suite run): the same environment Playwright's
// webServer gives it, then the product's own entry point.
import { e2eServerEnv } from "./server-env.ts";

Object.assign(process.env, e2eServerEnv(Number(process.env.E2E_PORT ?? 8181)));
await import("../../apps/server/src/main.ts");
