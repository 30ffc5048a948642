import { defineConfig } from "vitest/config";
import { catalogueParts } from "./apps/web/catalogue-parts.ts";

export default defineConfig({
  // The player site's language catalogues are imported in parts (apps/web/catalogue-parts.ts).
  plugins: [catalogueParts()],
  test: {
    include: [
      "apps/*/src/**/*.test.ts",
      "packages/*/src/**/*.test.ts",
      "apps/*/src/**/*.test.tsx",
      // The RGS slot client keeps its own src under apps/rgs/ui.
      "apps/rgs/ui/src/**/*.test.ts",
    ],
    environment: "node",
    // Each server test file opens its own database; `npm test` runs two files at a time
    // (--maxWorkers=2 in scripts/test.mjs), the PostgreSQL run in .ci/run one.
    pool: "forks",
    // One module graph per worker, not per file: importing the app and starting PGlite's wasm in
    // a fresh process cost ~4 s per file, about half the suite's time (11 min → 7 on two cores).
    // Every file still opens its own database and app; module-level state is limited to
    // registrations that are idempotent (member gates, event handlers, job definitions).
    isolate: false,
    // Limits for a hung test, not for a slow machine: CI may run beside other work on two
    // cores, where migrating a fresh database alone has taken over 30 s.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
