// End-to-end: build both sites, prepare a fresh embedded database with the demo brand and a
// known test operator, then run Playwright in Debian's Chromium (never a downloaded browser).
import { mkdtempSync, rmSync } from "node:fs";
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
const dataDir = mkdtempSync(join(tmpdir(), "panalo-e2e-"));
const env = {
  CHROMIUM_PATH: chromium,
  E2E_DATA_DIR: dataDir,
  E2E_PORT: port,
  E2E_WEB_DIST: dists.web,
  E2E_ADMIN_DIST: dists.admin,
  // The operator the back-office tests log in as; created below, never used outside tests.
  E2E_OPERATOR: "e2e-owner",
  E2E_OPERATOR_PASSWORD: "e2e-Owner-pass-1234",
  E2E_OPERATOR_TOTP: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
};
const prep = await run(process.execPath, ["--import", "tsx", "e2e/support/prepare-db.ts"], { env });
if (prep !== 0) process.exit(prep);
const code = await run("npx", ["playwright", "test", ...process.argv.slice(2)], { env });
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
