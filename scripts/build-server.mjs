// `npm run build` (last step): the platform server, the stand-alone RGS and sportsbook compiled to plain
// JavaScript, so production runs `node` on them with no TypeScript loader (no tsx at run time).
//
// Each program is one ES module bundle (esbuild) of its own sources and the workspace packages
// (@panalo/*, which export TypeScript); every npm dependency stays an import resolved from
// node_modules, so `npm ci --omit=dev` is the whole install. Files the code reads beside itself
// (migrations, stored functions, the built front ends, logos) are copied into the build under
// their repository paths, and each source file's `import.meta.url`/`import.meta.dirname` is
// rewritten to that place, so the build is a folder of its own that a deployment can ship.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { build } from "esbuild";
import { root } from "./lib.mjs";

const programs = [
  {
    entry: "apps/server/src/main.ts",
    out: "apps/server/dist",
    // The back-office owner for an installation without the demo seed: node …/create-operator.js
    tools: { "create-operator": "apps/server/src/cli/create-operator.ts" },
    files: [
      "apps/server/src/db/migrations",
      "apps/server/src/db/functions",
      "apps/server/src/seed/vendor-logos",
      "apps/rgs/migrations",
      "apps/rgs/dist/ui",
      "apps/sportsbook/migrations",
      "apps/web/dist",
      "apps/admin/dist",
    ],
  },
  {
    entry: "apps/rgs/src/main.ts",
    out: "apps/rgs/dist/server",
    files: ["apps/rgs/migrations", "apps/rgs/dist/ui"],
  },
  {
    // The sportsbook alone (SPORTSBOOK_MODE=external), with its own migrations.
    entry: "apps/sportsbook/src/main.ts",
    out: "apps/sportsbook/dist/server",
    files: ["apps/sportsbook/migrations"],
  },
];

/** Every package a production install brings: the `dependencies` of the root and each workspace. */
function productionPackages() {
  const names = new Set();
  const add = (file) => {
    for (const n of Object.keys(JSON.parse(readFileSync(file, "utf8")).dependencies ?? {})) names.add(n);
  };
  add(join(root, "package.json"));
  for (const group of ["apps", "packages"]) {
    for (const d of readdirSync(join(root, group))) {
      const file = join(root, group, d, "package.json");
      if (existsSync(file)) add(file);
    }
  }
  return names;
}

const packageOf = (spec) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/** Bare imports outside the workspace stay imports; @panalo/* and relative files are bundled. */
const externals = {
  name: "externals",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@panalo/") || args.path.startsWith("node:")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `import.meta` of a source file, as the place its copy has in the build (see above). */
const placeMeta = {
  name: "place-import-meta",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      if (!text.includes("import.meta") || args.path.includes("node_modules")) return undefined;
      const rel = relative(root, args.path);
      return {
        loader: "ts",
        contents: text
          .replaceAll("import.meta.dirname", `__panaloPlace(${JSON.stringify(dirname(rel))})`)
          .replaceAll("import.meta.url", `__panaloUrl(${JSON.stringify(rel)})`),
      };
    });
  },
};

const banner = [
  'import { dirname as __panaloDirname, join as __panaloJoin } from "node:path";',
  'import { fileURLToPath as __panaloToPath, pathToFileURL as __panaloToUrl } from "node:url";',
  "const __panaloBuild = __panaloDirname(__panaloToPath(import.meta.url));",
  "const __panaloPlace = (p) => __panaloJoin(__panaloBuild, p);",
  "const __panaloUrl = (p) => __panaloToUrl(__panaloJoin(__panaloBuild, p)).href;",
].join("\n");

const allowed = productionPackages();
for (const p of programs) {
  const out = join(root, p.out);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const result = await build({
    entryPoints: {
      main: join(root, p.entry),
      ...Object.fromEntries(Object.entries(p.tools ?? {}).map(([name, src]) => [name, join(root, src)])),
    },
    outdir: out,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    metafile: true,
    logLevel: "warning",
    banner: { js: banner },
    plugins: [externals, placeMeta],
  });
  // A package the program imports but only a development install has would fail in production.
  const missing = new Set();
  for (const o of Object.values(result.metafile.outputs)) {
    for (const i of o.imports) {
      if (i.external && !i.path.startsWith("node:") && !allowed.has(packageOf(i.path))) {
        missing.add(packageOf(i.path));
      }
    }
  }
  if (missing.size > 0) {
    console.error(
      `${p.entry} imports packages that are not production dependencies: ${[...missing].join(", ")}`,
    );
    process.exit(1);
  }
  for (const f of p.files) {
    const from = join(root, f);
    if (!existsSync(from)) {
      console.error(`${p.entry}: ${f} is missing (build the front ends first: npm run build)`);
      process.exit(1);
    }
    cpSync(from, join(out, f), { recursive: true });
  }
  console.log(`Built ${p.out}/main.js`);
}
