// Small helpers shared by the start, test and e2e scripts (plain Node, no dependencies).
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

/** Run a command, streaming its output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: "inherit",
      cwd: root,
      ...opts,
      env: { ...process.env, ...opts.env },
    });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Newest modification time of any file below dir (ignoring node_modules and dist). */
export function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      if (name === "node_modules" || name === "dist") continue;
      const p = join(d, name);
      const st = statSync(p);
      if (st.isDirectory()) walk(p);
      else newest = Math.max(newest, st.mtimeMs);
    }
  };
  if (existsSync(dir)) walk(dir);
  return newest;
}

/** Where each front end's sources and build live (the RGS builds its game client into dist/ui). */
export const frontEnds = {
  web: { src: "apps/web", index: "apps/web/dist/index.html" },
  admin: { src: "apps/admin", index: "apps/admin/dist/index.html" },
  rgs: { src: "apps/rgs/ui", index: "apps/rgs/dist/ui/index.html" },
};

/** True when an app's build is missing or older than its sources or the shared contracts. */
export function needsBuild(app) {
  const { src, index } = frontEnds[app];
  const indexPath = join(root, index);
  if (!existsSync(indexPath)) return true;
  const built = statSync(indexPath).mtimeMs;
  return newestMtime(join(root, src)) > built || newestMtime(join(root, "packages", "contracts")) > built;
}

/** Debian's Chromium, or CHROMIUM_PATH; installs it with apt when running as root. */
export async function ensureChromium() {
  const candidates = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(
    Boolean,
  );
  for (const c of candidates) if (existsSync(c)) return c;
  if (process.getuid?.() === 0) {
    console.log("Chromium not found: installing Debian's chromium package (root)...");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    await run("apt-get", ["update", "-qq"], { env });
    const code = await run("apt-get", ["install", "-y", "-qq", "chromium"], { env });
    if (code === 0 && existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    "End-to-end tests need Chromium. Install Debian's package (apt-get install -y chromium) " +
      "or set CHROMIUM_PATH to a Chromium binary. Playwright's own browser download is not used.",
  );
  process.exit(1);
}
