// `npm run bench:compare -- --base <rev> <bench> [--rounds N] [--own-bench]`: run one bench on the
// current working tree and on a base commit, alternating on this machine (base, current, then
// current, base, …, so a load that rises or falls during the run weighs on both alike), and print
// each headline figure's median on either side and their ratio. A figure measured on a busy
// machine is not comparable with one measured idle; two figures measured in turns within the
// same minutes are, which is what a regression check needs.
//
// - <bench> is a folder of bench/ (bench/<bench>/index.ts) or a path to a bench file.
// - The base commit is extracted with `git archive` into a temporary folder that borrows this
//   tree's node_modules (its own workspace packages linked to the base's sources), so both sides
//   run with the same dependencies; a change of dependencies is not what this compares.
// - Both sides run the CURRENT bench file (and bench/lib) against their own application code: the
//   same measurement, the same data (each bench creates and fills its own database from fixed
//   seeds), only the code under test differs. --own-bench runs the base commit's bench file
//   instead (for a bench that calls something the base does not have).
// - Figures are the bench's `figure` lines (bench/lib/figure.ts: name, value, unit, which way is
//   better, load average). A bench without them is compared on its wall-clock time.
// Environment (BENCH_DATABASE_URL, BENCH_SIZES, ...) passes through to both sides.
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { root } from "./lib.mjs";

const args = process.argv.slice(2);
let base;
let rounds = 3;
let ownBench = false;
let bench;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--base") base = args[++i];
  else if (a === "--rounds") rounds = Math.max(1, Number(args[++i]));
  else if (a === "--own-bench") ownBench = true;
  else bench = a;
}
if (!base || !bench) {
  console.error("usage: npm run bench:compare -- --base <rev> <bench> [--rounds N] [--own-bench]");
  process.exit(2);
}
const benchFile = existsSync(join(root, "bench", bench, "index.ts"))
  ? join("bench", bench, "index.ts")
  : relative(root, join(root, bench));
if (!existsSync(join(root, benchFile))) {
  console.error(`no bench at ${benchFile}`);
  process.exit(2);
}

const git = (...a) => {
  const r = spawnSync("git", a, { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`git ${a.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
};
const baseSha = git("rev-parse", "--verify", `${base}^{commit}`);
const headSha = git("rev-parse", "HEAD");
const dirty = git("status", "--porcelain").length > 0;

// The base tree: the commit's files, this tree's dependencies, its own workspace packages.
const baseDir = mkdtempSync(join(tmpdir(), "bench-base-"));
const tar = spawnSync("sh", ["-c", `git archive ${baseSha} | tar -x -C '${baseDir}'`], { cwd: root });
if (tar.status !== 0) throw new Error(`git archive ${baseSha} failed`);
linkModules(join(root, "node_modules"), join(baseDir, "node_modules"), baseDir);
for (const ws of ["apps", "packages"]) {
  for (const name of readdirSync(join(root, ws))) {
    const nm = join(root, ws, name, "node_modules");
    if (existsSync(nm) && existsSync(join(baseDir, ws, name)))
      linkModules(nm, join(baseDir, ws, name, "node_modules"), baseDir);
  }
}
if (!ownBench) {
  // The same measurement on both sides: the current bench file and the bench helpers.
  mkdirSync(dirname(join(baseDir, benchFile)), { recursive: true });
  cpSync(join(root, dirname(benchFile)), join(baseDir, dirname(benchFile)), { recursive: true });
  cpSync(join(root, "bench", "lib"), join(baseDir, "bench", "lib"), { recursive: true });
}

/** Give `to` every entry of the dependency folder `from`; workspace links point into `tree`. */
function linkModules(from, to, tree) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = join(from, entry.name);
    const dst = join(to, entry.name);
    if (entry.name === "@panalo") {
      mkdirSync(dst, { recursive: true });
      for (const pkg of readdirSync(src)) {
        // The workspace packages are linked by their folder (apps/<x> or packages/<x>).
        const target = ["apps", "packages"]
          .map((ws) => join(tree, ws, pkg))
          .find((p) => existsSync(join(p, "package.json")));
        if (target) symlinkSync(target, join(dst, pkg));
      }
    } else {
      symlinkSync(src, dst);
    }
  }
}

/** Run the bench once in `cwd`; its figure lines, or its wall-clock time when it prints none. */
function runOnce(side, cwd) {
  return new Promise((resolve) => {
    const load = loadavg()[0] ?? 0;
    const started = performance.now();
    const child = spawn(join(root, "node_modules", ".bin", "tsx"), [benchFile], {
      cwd,
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => {
      const seconds = (performance.now() - started) / 1000;
      const figures = out
        .split("\n")
        .filter((l) => l.startsWith("figure\t"))
        .map((l) => {
          const [, name, value, unit, better, loadText] = l.split("\t");
          return {
            name,
            value: Number(value),
            unit,
            better,
            load: Number((loadText ?? "").replace("load ", "")),
          };
        });
      if (figures.length === 0)
        figures.push({ name: "wall", value: seconds, unit: "s", better: "lower", load });
      console.log(
        `  ${side.padEnd(7)} exit ${code}, ${seconds.toFixed(1)} s, load ${load.toFixed(2)} → ${figures
          .map((f) => `${f.name} ${f.value} ${f.unit}`)
          .join("; ")}`,
      );
      resolve({ code, figures });
    });
  });
}

console.log(
  `bench:compare ${benchFile}: base ${base} (${baseSha.slice(0, 10)}) vs current ${headSha.slice(0, 10)}${dirty ? " + uncommitted changes" : ""}, ${rounds} rounds, ${ownBench ? "each side's own bench" : "the current bench on both sides"}; load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")} on ${availableParallelism()} cores`,
);
const results = { base: [], current: [] };
let failed = false;
try {
  for (let r = 0; r < rounds; r++) {
    console.log(`round ${r + 1}/${rounds}`);
    // Alternate which side goes first: a trend in the machine's load falls on both sides alike.
    const order = r % 2 === 0 ? ["base", "current"] : ["current", "base"];
    for (const side of order) {
      const res = await runOnce(side, side === "base" ? baseDir : root);
      if (res.code !== 0) failed = true;
      results[side].push(res.figures);
    }
  }
} finally {
  rmSync(baseDir, { recursive: true, force: true });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const names = [...new Set(results.current.flat().map((f) => f.name))];
console.log("\nfigure: base median → current median (current / base; load range over the runs)");
for (const name of names) {
  const pick = (side) => results[side].flat().filter((f) => f.name === name);
  const b = pick("base");
  const c = pick("current");
  if (b.length === 0 || c.length === 0) {
    console.log(`${name}: only on ${b.length ? "base" : "current"}`);
    continue;
  }
  const bm = median(b.map((f) => f.value));
  const cm = median(c.map((f) => f.value));
  const ratio = cm / bm;
  const better = c[0].better === "higher" ? ratio > 1 : ratio < 1;
  const loads = [...b, ...c].map((f) => f.load);
  console.log(
    `${name}: ${bm} → ${cm} ${c[0].unit} (×${ratio.toFixed(3)}, ${ratio === 1 ? "same" : better ? "better" : "worse"}; ${c[0].better} is better; load ${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)})`,
  );
}
process.exit(failed ? 1 : 0);
