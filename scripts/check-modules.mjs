// The module boundary check (`npm run lint` runs it, so `npm test` does too).
//
// Rule: a file of one server module (apps/server/src/modules/<a>/) may import another module
// <b> only through <b>'s public face: service.ts, events.ts or types.ts. Everything else of <b>
// (its repo, its routes, its helpers) is <b>'s own business, so <b> can change it without
// breaking <a>. Test files (*.test.ts) and test kits (testing/) are exempt: a test may set up
// whatever it needs.
//
// Imports that broke the rule before the rule existed are listed in
// scripts/module-boundaries.allow.json. The list can only shrink: a new violation fails, and so
// does a listed one that is gone (delete its line, so it cannot come back unnoticed).
//
// Rule: a module's SQL never names another module's table (it reads through the owner's
// service.ts or a read-only view the owner publishes, docs/modules.md). The uses left in
// modules/sports when the rule started failing were listed in scripts/module-tables.allow.json,
// which can only shrink the same way (a new use fails, a listed one that is gone fails).
//
// Rule: a module's SQL is in its repo. Every statement of a module (drizzle `sql` templates,
// db/tx.select/insert/update/delete/execute, db.query.*, row locks) lives in
// modules/<m>/repo.ts, or, where a module has several topics, in modules/<m>/repo/<topic>.ts.
// Its other files (service, engine and rule files, routes) call repo functions by name; a
// service may still open a transaction and hand `tx` to them. So a non-repo, non-test file of a
// module imports no value from drizzle-orm (or its subpaths) and no table object from db/schema
// (type-only imports are fine), and calls no `.execute(`: what a module stores, and how, is read
// in one place, and a statement cannot hide in a rule file. Files that still broke the rule when
// it started failing are listed in scripts/module-sql.allow.json, which can only shrink the
// same way.
//
// Also printed, so progress is visible: module-level import cycles, pairs of modules that import
// each other, and SQL statements in route files.
//
// Usage: node scripts/check-modules.mjs [--root <dir>] [--report] [--json]
//   --root    check another tree (the boundary test checks a temporary copy)
//   --report  print the counts and the remaining violations, never fail
//   --json    print the counts as JSON
//   --prune   delete the allowed imports, table uses and SQL files that no longer happen from
//             the lists (never adds one)
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const rootArg = args.indexOf("--root");
const root = rootArg >= 0 ? resolve(args[rootArg + 1]) : resolve(new URL("..", import.meta.url).pathname);
const src = join(root, "apps/server/src");
const modulesDir = join(src, "modules");
const allowFile = join(root, "scripts/module-boundaries.allow.json");
const tableAllowFile = join(root, "scripts/module-tables.allow.json");
const sqlAllowFile = join(root, "scripts/module-sql.allow.json");

/** The files another module may import. */
const PUBLIC_FILES = new Set(["service.ts", "events.ts", "types.ts"]);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name === "dist") continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split(sep).includes("testing");

/** Every relative import specifier of a file (static, re-export, side-effect and dynamic). */
function importsOf(text) {
  const specs = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const re of patterns) for (const m of text.matchAll(re)) specs.push(m[1]);
  return specs.filter((s) => s.startsWith("."));
}

/** Where a file sits: its module's name, or the top-level part of src (lib, jobs, app.ts, …). */
function partOf(file) {
  const rel = relative(src, file).split(sep);
  if (rel[0] === "modules") return rel[1];
  return `(${rel[0].replace(/\.tsx?$/, "")})`;
}

const files = walk(src);
const violations = new Set(); // "importer -> imported", once per pair of files
const edges = new Map(); // part -> Set(part), production files only
for (const file of files) {
  if (isTest(file)) continue;
  const from = partOf(file);
  for (const spec of importsOf(readFileSync(file, "utf8"))) {
    const target = resolve(dirname(file), spec);
    if (!target.startsWith(src + sep)) continue;
    const to = partOf(target);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    const inModules = target.startsWith(modulesDir + sep) && file.startsWith(modulesDir + sep);
    if (inModules && !PUBLIC_FILES.has(basename(target))) {
      violations.add(`${relative(root, file)} -> ${relative(root, target)}`);
    }
  }
}

// Strongly connected components (Tarjan) of the part graph: each with more than one part is a cycle.
function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return out;
}

const moduleGraph = new Map(
  [...edges]
    .filter(([k]) => !k.startsWith("("))
    .map(([k, v]) => [k, new Set([...v].filter((t) => !t.startsWith("(")))]),
);
const moduleCycles = cycles(moduleGraph);
const wholeCycles = cycles(edges);
const mutualPairs = [];
for (const [a, tos] of moduleGraph)
  for (const b of tos) if (a < b && moduleGraph.get(b)?.has(a)) mutualPairs.push(`${a}<->${b}`);

/** SQL statements in route files: each query-builder or raw statement a route file starts. */
const STATEMENT =
  /\.(select|selectDistinct|insert|update|delete|execute)\(|\bqueryRows\s*[<(]|\.prepared\s*[<(]|\.arrays\(/g;
const routeSql = {};
for (const file of files) {
  if (isTest(file) || !/(^|-)routes\.ts$/.test(basename(file))) continue;
  const n = (readFileSync(file, "utf8").match(STATEMENT) ?? []).length;
  if (n) routeSql[relative(root, file)] = n;
}
const routeSqlTotal = Object.values(routeSql).reduce((a, b) => a + b, 0);

/**
 * SQL naming another module's table. A module reads or writes another module's rows only
 * through that module's service.ts or a read-only view it publishes (docs/modules.md), so a
 * statement of one module naming a table another module owns is reported. Who owns a table: the
 * drizzle schema file it is declared in (apps/server/src/db/schema/<module>.ts; a file not named
 * after a module, such as core.ts, owns no module's tables here). Tables created only by
 * migrations, with no drizzle declaration, are not known to this check. A statement is found by
 * its upper-case keyword (FROM, JOIN, UPDATE, INTO) before the table's name, as the SQL here is
 * written, or by a query-builder import of the table's drizzle object from another module's
 * schema file. A use not listed in scripts/module-tables.allow.json fails the check (the list
 * held only uses in modules/sports, which left for apps/sportsbook, and only shrinks); --report lists every use.
 */
const schemaDir = join(src, "db/schema");
const moduleNames = new Set(existsSync(modulesDir) ? readdirSync(modulesDir) : []);
const tableOwner = new Map(); // table name -> owning module
const schemaExports = new Map(); // schema file base name -> Map(export name -> table name)
for (const name of existsSync(schemaDir) ? readdirSync(schemaDir) : []) {
  const owner = name.replace(/\.ts$/, "");
  if (!moduleNames.has(owner)) continue;
  const text = readFileSync(join(schemaDir, name), "utf8");
  const exported = new Map();
  for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*"([a-z0-9_]+)"/g)) {
    tableOwner.set(m[2], owner);
    exported.set(m[1], m[2]);
  }
  schemaExports.set(owner, exported);
}
const SQL_TABLE = /\b(?:FROM|JOIN|UPDATE|INTO)\s+([a-z_][a-z0-9_]*)\b/g;
const SCHEMA_IMPORT = /\bimport\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["'][./]*db\/schema\/([a-z-]+)\.ts["']/g;
const foreignTables = new Set(); // "file: table (owner)"
for (const file of files) {
  if (isTest(file) || !file.startsWith(modulesDir + sep)) continue;
  const mod = partOf(file);
  const text = readFileSync(file, "utf8");
  const rel = relative(root, file);
  for (const m of text.matchAll(SQL_TABLE)) {
    const owner = tableOwner.get(m[1]);
    if (owner && owner !== mod) foreignTables.add(`${rel}: ${m[1]} (${owner})`);
  }
  for (const m of text.matchAll(SCHEMA_IMPORT)) {
    const owner = m[2];
    if (owner === mod || !schemaExports.has(owner)) continue;
    for (const spec of m[1].split(",")) {
      const table = schemaExports.get(owner).get(spec.trim().split(/\s+as\s+/)[0]);
      if (table) foreignTables.add(`${rel}: ${table} (${owner})`);
    }
  }
}

/**
 * SQL outside a module's repo. A module's repo is modules/<m>/repo.ts and modules/<m>/repo/*.ts;
 * every other production file of a module is counted here, once for each value it imports from
 * drizzle-orm (or a subpath: `sql`, `eq`, `and`, a driver, …), each value it imports from
 * db/schema (a table or view object; `import type` and `type` specifiers are not counted), and
 * each `.execute(` it calls. A file with a count is a violation unless listed in
 * scripts/module-sql.allow.json (a list that only shrinks); --report prints the counts.
 */
const isRepo = (file) => {
  const rel = relative(modulesDir, file).split(sep);
  return (rel.length === 2 && rel[1] === "repo.ts") || (rel.length === 3 && rel[1] === "repo");
};
const IMPORT_CLAUSE = /\b(?:import|export)\s+(type\s+)?([^;'"]*?)\s*\bfrom\s*["']([^"']+)["']/g;
/** The value names an import (or re-export) clause brings in; type-only ones are left out. */
function valueNames(clause) {
  const names = [];
  let rest = clause.trim();
  const braces = rest.match(/\{([^}]*)\}/);
  if (braces) {
    for (const spec of braces[1].split(",")) {
      const name = spec.trim();
      if (name && !/^type\s/.test(name)) names.push(name.split(/\s+as\s+/)[0]);
    }
    rest = rest.replace(braces[0], "");
  }
  for (const part of rest.split(",")) {
    const name = part.trim();
    if (name) names.push(name.replace(/^\*\s+as\s+/, "* as "));
  }
  return names;
}
const EXECUTE = /\.execute\s*[<(]/g;
const sqlOutsideRepo = {}; // file -> count
for (const file of files) {
  if (isTest(file) || !file.startsWith(modulesDir + sep) || isRepo(file)) continue;
  const text = readFileSync(file, "utf8");
  let n = (text.match(EXECUTE) ?? []).length;
  for (const m of text.matchAll(IMPORT_CLAUSE)) {
    if (m[1]) continue; // import type { … }
    const spec = m[3];
    const drizzle = spec === "drizzle-orm" || spec.startsWith("drizzle-orm/");
    const schema = spec.startsWith(".") && /(^|\/)db\/schema(\/[a-z-]+(\.ts)?)?$/.test(spec);
    if (drizzle || schema) n += valueNames(m[2]).length;
  }
  if (n) sqlOutsideRepo[relative(root, file)] = n;
}
const sqlOutsideRepoTotal = Object.values(sqlOutsideRepo).reduce((a, b) => a + b, 0);

const allowed = existsSync(allowFile) ? JSON.parse(readFileSync(allowFile, "utf8")) : [];
const allowedSet = new Set(allowed);
const found = violations;
const fresh = [...violations].filter((v) => !allowedSet.has(v));
const gone = allowed.filter((v) => !found.has(v));

const tablesAllowed = existsSync(tableAllowFile) ? JSON.parse(readFileSync(tableAllowFile, "utf8")) : [];
const tablesAllowedSet = new Set(tablesAllowed);
const freshTables = [...foreignTables].filter((v) => !tablesAllowedSet.has(v));
const goneTables = tablesAllowed.filter((v) => !foreignTables.has(v));

const sqlAllowed = existsSync(sqlAllowFile) ? JSON.parse(readFileSync(sqlAllowFile, "utf8")) : [];
const sqlAllowedSet = new Set(sqlAllowed);
const freshSql = Object.keys(sqlOutsideRepo).filter((f) => !sqlAllowedSet.has(f));
const goneSql = sqlAllowed.filter((f) => !(f in sqlOutsideRepo));

const counts = {
  boundaryViolations: violations.size,
  moduleCycles: moduleCycles.length,
  largestModuleCycle: Math.max(0, ...moduleCycles.map((c) => c.length)),
  largestCycleWithLibJobsApp: Math.max(0, ...wholeCycles.map((c) => c.length)),
  mutualPairs: mutualPairs.length,
  routeSqlStatements: routeSqlTotal,
  foreignTableUses: foreignTables.size,
  sqlOutsideRepo: sqlOutsideRepoTotal,
  filesWithSqlOutsideRepo: Object.keys(sqlOutsideRepo).length,
};

if (flag("--json")) {
  console.log(
    JSON.stringify(
      {
        ...counts,
        mutual: mutualPairs,
        routeSql,
        moduleCycles,
        foreignTables: [...foreignTables].sort(),
        sqlOutsideRepo,
      },
      null,
      2,
    ),
  );
} else {
  console.log(
    `modules: ${counts.boundaryViolations} boundary violations (${allowed.length} allowed), ` +
      `${counts.moduleCycles} module cycles (largest ${counts.largestModuleCycle} modules), ` +
      `${counts.mutualPairs} mutual pairs, ${counts.routeSqlStatements} SQL statements in route files, ` +
      `${counts.foreignTableUses} uses of another module's table (${tablesAllowed.length} allowed), ` +
      `${counts.sqlOutsideRepo} SQL uses outside a repo in ${counts.filesWithSqlOutsideRepo} files ` +
      `(${sqlAllowed.length} files allowed)`,
  );
  if (flag("--report")) {
    for (const p of mutualPairs) console.log(`  mutual ${p}`);
    for (const [f, n] of Object.entries(routeSql)) console.log(`  sql ${n} ${f}`);
    for (const v of [...violations].sort()) console.log(`  import ${v}`);
    for (const v of [...foreignTables].sort()) console.log(`  table ${v}`);
    for (const f of Object.keys(sqlOutsideRepo).sort()) console.log(`  repo-sql ${sqlOutsideRepo[f]} ${f}`);
  }
}

if (flag("--prune") && gone.length) {
  const kept = allowed.filter((v) => found.has(v));
  writeFileSync(allowFile, `${JSON.stringify(kept, null, 2)}\n`);
  console.log(`pruned ${gone.length} allowed imports that no longer happen`);
  gone.length = 0;
}
if (flag("--prune") && goneTables.length) {
  const kept = tablesAllowed.filter((v) => foreignTables.has(v));
  writeFileSync(tableAllowFile, `${JSON.stringify(kept, null, 2)}\n`);
  console.log(`pruned ${goneTables.length} allowed table uses that no longer happen`);
  goneTables.length = 0;
}
if (flag("--prune") && goneSql.length) {
  const kept = sqlAllowed.filter((f) => f in sqlOutsideRepo);
  writeFileSync(sqlAllowFile, `${JSON.stringify(kept, null, 2)}\n`);
  console.log(`pruned ${goneSql.length} allowed files that no longer hold SQL outside their repo`);
  goneSql.length = 0;
}

// Rule: the sportsbook (apps/sportsbook), a vendor beside the platform, reaches it only through
// the provider protocol and what the platform hands its plugin; its code (not its tests and test
// helpers, which run it inside a test platform) imports nothing of apps/server.
const vendorImports = [];
for (const app of ["apps/sportsbook/src"]) {
  const dir = join(root, app);
  if (!existsSync(dir)) continue;
  for (const file of walk(dir)) {
    if (/\.test\.tsx?$/.test(file) || /test-(platform|kit)|testkit|-child\.ts$/.test(basename(file)))
      continue;
    const text = readFileSync(file, "utf8");
    for (const spec of importsOf(text)) {
      if (resolve(dirname(file), spec).startsWith(src + sep))
        vendorImports.push(`${relative(root, file)} -> ${spec}`);
    }
    if (/from\s*["']@panalo\/server\b/.test(text))
      vendorImports.push(`${relative(root, file)} -> @panalo/server`);
  }
}

if (!flag("--report")) {
  for (const v of fresh) {
    console.error(
      `module boundary: ${v}\n  import another module only through its service.ts, events.ts or types.ts`,
    );
  }
  for (const v of gone) {
    console.error(
      `module boundary: ${v} no longer happens: delete it from scripts/module-boundaries.allow.json`,
    );
  }
  for (const v of freshTables) {
    console.error(
      `module tables: ${v}\n  read another module's rows through its service.ts or a view it publishes (docs/modules.md)`,
    );
  }
  for (const v of goneTables) {
    console.error(`module tables: ${v} no longer happens: delete it from scripts/module-tables.allow.json`);
  }
  for (const f of freshSql) {
    console.error(
      `module sql: ${f} (${sqlOutsideRepo[f]})\n  move the module's SQL to its repo.ts or repo/<topic>.ts and call it by name (docs/modules.md)`,
    );
  }
  for (const f of goneSql) {
    console.error(`module sql: ${f} no longer holds SQL: delete it from scripts/module-sql.allow.json`);
  }
  for (const v of vendorImports) {
    console.error(
      `vendor import: ${v}\n  a vendor app reaches the platform only through the protocol and its plugin's options`,
    );
  }
  if (
    vendorImports.length ||
    fresh.length ||
    gone.length ||
    freshTables.length ||
    goneTables.length ||
    freshSql.length ||
    goneSql.length
  )
    process.exit(1);
}
