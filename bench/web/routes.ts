// bench/web/routes.ts: the JavaScript weight (gzip -9) of the player site's routes and of the
// member centre, read from a production build's manifest — no server, no browser.
//   - home, /rng, /sports and /live: the entry's code (index.html and every chunk it imports
//     without import()), the visitor's language catalogue (TY, the default; the boot script
//     preloads it) and the route's page chunk with its static imports. Target ≤ 100 KB each.
//   - opening the member centre: the account modals' chunk and its static imports that the
//     entry does not already load (opened from a page that shares nothing else). ≤ 25 KB.
//   - each member-centre page: its chunk and static imports beyond the entry and the open
//     centre. ≤ 10 KB each.
// A route also loads what its first screen imports lazily (home's game rows, for one): that is
// not counted here; bench/web/index.ts measures the home route in a browser.
// Run: npx tsx bench/web/routes.ts   (BENCH_WEB_DIST=<a built dist with .vite/manifest.json>
// skips the build). Exits 1 when a figure is over its target.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { figure, loadAverage } from "../lib/figure.ts";

const root = join(import.meta.dirname, "../..");
const KB = 1024;
const ROUTE_LIMIT = 100 * KB;
const CENTRE_LIMIT = 25 * KB;
const PAGE_LIMIT = 10 * KB;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

function build(): { dist: string; temp: boolean } {
  const given = process.env.BENCH_WEB_DIST;
  if (given) return { dist: given, temp: false };
  const dist = mkdtempSync(join(tmpdir(), "panalo-web-routes-"));
  const r = spawnSync(
    "npx",
    ["vite", "build", "--outDir", dist, "--emptyOutDir", "--manifest", "--logLevel", "warn"],
    {
      cwd: join(root, "apps/web"),
      stdio: "inherit",
    },
  );
  if (r.status !== 0) throw new Error("vite build failed");
  return { dist, temp: true };
}

const { dist, temp } = build();
try {
  const manifestPath = join(dist, ".vite/manifest.json");
  if (!existsSync(manifestPath)) throw new Error(`no manifest at ${manifestPath} (build with --manifest)`);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, Chunk>;
  const gz = new Map<string, number>();
  const sizeOf = (file: string) => {
    let n = gz.get(file);
    if (n === undefined) {
      n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      gz.set(file, n);
    }
    return n;
  };
  /**
   * The JavaScript files a chunk loads at once: itself and its static imports, transitively,
   * and the TY part of each catalogue area they await (src/features/i18n/texts/*.ts import
   * `src/locales/TY.json?area=<area>` with a top-level await: it loads before the page draws).
   */
  const closure = (key: string): Set<string> => {
    const out = new Set<string>();
    const queue = [key];
    while (queue.length > 0) {
      const k = queue.pop() as string;
      const c = manifest[k];
      if (!c) throw new Error(`no chunk ${k} in the manifest`);
      if (out.has(c.file)) continue;
      if (c.file.endsWith(".js")) out.add(c.file);
      queue.push(...(c.imports ?? []));
      queue.push(...(c.dynamicImports ?? []).filter((d) => /^src\/locales\/TY\.json\?area=/.test(d)));
    }
    return out;
  };
  const weight = (files: Iterable<string>, minus: Set<string> = new Set()) => {
    let total = 0;
    for (const f of files) if (!minus.has(f)) total += sizeOf(f);
    return total;
  };
  const union = (...sets: Set<string>[]) => new Set(sets.flatMap((s) => [...s]));
  const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

  const entry = union(closure("index.html"), closure("src/locales/TY.json?area=core"));
  const over: string[] = [];
  const check = (name: string, bytes: number, limit: number) => {
    const ok = bytes <= limit;
    if (!ok) over.push(`${name} ${kb(bytes)} > ${kb(limit)}`);
    console.log(`  ${kb(bytes).padStart(9)}  ${ok ? "ok  " : "OVER"}  ${name} (≤ ${kb(limit)})`);
    return bytes;
  };

  console.log(`JavaScript gzipped (gzip -9) from ${dist}; load average ${loadAverage()}`);
  console.log(`entry (index.html's static imports + the TY catalogue): ${kb(weight(entry))}`);
  console.log("\nRoutes (entry + page chunk with its static imports):");
  const routes: Array<[string, string]> = [
    ["home", "src/pages/home/home-page.tsx"],
    ["/rng", "src/pages/games/games-page.tsx"],
    ["/sports", "src/pages/sports/sports-page.tsx"],
    ["/live", "src/pages/live/live-page.tsx"],
  ];
  for (const [name, key] of routes) {
    const bytes = check(name, weight(union(entry, closure(key))), ROUTE_LIMIT);
    figure(`route ${name} js gz`, Math.round(bytes), "bytes", "lower");
  }

  console.log("\nMember centre (beyond the entry):");
  const centre = closure("src/features/account/account-modals.tsx");
  const opened = check("opening the member centre", weight(centre, entry), CENTRE_LIMIT);
  figure("member centre open js gz", opened, "bytes", "lower");
  for (const f of [...centre].filter((x) => !entry.has(x)).sort((a, b) => sizeOf(b) - sizeOf(a)))
    console.log(`             ${kb(sizeOf(f)).padStart(9)}  ${f}`);
  const loaded = union(entry, centre);
  const pages = Object.entries(manifest)
    .filter(([k, c]) => c.isDynamicEntry && k.startsWith("src/features/member-centre/pages/"))
    .map(([k]) => k)
    .sort();
  if (pages.length === 0) throw new Error("no member-centre page chunks found");
  console.log("\nEach member-centre page (beyond the entry and the open centre):");
  let largest = 0;
  for (const key of pages) {
    const bytes = weight(closure(key), loaded);
    largest = Math.max(largest, bytes);
    check(key.replace("src/features/member-centre/pages/", ""), bytes, PAGE_LIMIT);
  }
  figure("member centre largest page js gz", largest, "bytes", "lower");

  // The agent centre (/agent/<page>): a route like the others — the entry, its shell and the
  // page's chunk — each page within the route budget.
  console.log("\nEach agent-centre page (entry + the centre's route chunk + the page's chunk):");
  const shell = closure("src/features/agent-centre/agent-centre-page.tsx");
  const agentPages = Object.entries(manifest)
    .filter(
      ([k, c]) =>
        c.isDynamicEntry &&
        (k.startsWith("src/features/agent-centre/pages/") ||
          /^src\/features\/agent-contracts\/.*-page\.tsx$/.test(k)),
    )
    .map(([k]) => k)
    .sort();
  if (agentPages.length === 0) throw new Error("no agent-centre page chunks found");
  let largestAgent = 0;
  for (const key of agentPages) {
    const bytes = weight(union(entry, shell, closure(key)));
    largestAgent = Math.max(largestAgent, bytes);
    check(`/agent ${key.replace(/^src\/features\//, "")}`, bytes, ROUTE_LIMIT);
  }
  figure("agent centre largest route js gz", largestAgent, "bytes", "lower");
  if (over.length > 0) {
    console.log(`\nOver target: ${over.join("; ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nEvery figure within its target.");
  }
} finally {
  if (temp) rmSync(dist, { recursive: true, force: true });
}
