import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The home route's code is what the site loads first (src/main.tsx and every
 * module it imports without `import()`, then the home page's chunk). zod (about 25 KB gzipped,
 * and its schemas are built when a module loads) belongs to the forms and the member centre,
 * which load on demand; one plain import of a zod-using contract from the header once put it
 * on every first visit. This walks the static import graph of those entry points.
 */
const src = resolve(import.meta.dirname, "..");
const contracts = resolve(src, "../../../packages/contracts/src");

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s+"([^"]+)";?/gm;
const SIDE_EFFECT_IMPORT = /^\s*import\s+"([^"]+)";?/gm;

/** The specifiers a module loads at run time (type-only imports are erased by the build). */
function runtimeImports(code: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(STATIC_IMPORT)) {
    const [, typeOnly, clause = "", spec = ""] = m;
    if (typeOnly) continue;
    const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
    if (named?.[1]) {
      const names = named[1]
        .split(",")
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.every((n) => n.startsWith("type "))) continue;
    }
    out.push(spec);
  }
  for (const m of code.matchAll(SIDE_EFFECT_IMPORT)) out.push(m[1] ?? "");
  return out;
}

function resolveModule(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@panalo/contracts/")) base = join(contracts, spec.slice("@panalo/contracts/".length));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null; // a style sheet or a JSON catalog
}

/** Every site module the entry points load without `import()`. */
function eagerModules(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of runtimeImports(readFileSync(file, "utf8"))) {
      const next = resolveModule(file, spec);
      if (next) queue.push(next);
    }
  }
  return [...seen];
}

/** Every package the entry points load without `import()`, with the module importing it. */
function eagerPackages(entries: string[]): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of runtimeImports(readFileSync(file, "utf8"))) {
      const next = resolveModule(file, spec);
      if (next) queue.push(next);
      else if (!spec.startsWith(".") && !spec.startsWith("@panalo/")) {
        const name = spec.startsWith("@")
          ? spec.split("/").slice(0, 2).join("/")
          : (spec.split("/")[0] ?? spec);
        if (!packages.has(name)) packages.set(name, relative(join(src, "../../.."), file));
      }
    }
  }
  return packages;
}

describe("the home route's eager code", () => {
  const entries = [join(src, "main.tsx"), join(src, "pages/home/home-page.tsx")];
  const packages = eagerPackages(entries);

  it("finds the runtime's libraries (the walk reaches the site's modules)", () => {
    expect([...packages.keys()]).toEqual(expect.arrayContaining(["react", "react-router", "i18next"]));
  });

  it("leaves zod and DOMPurify to the pages that load them on demand", () => {
    expect(packages.get("zod")).toBeUndefined();
    expect(packages.get("dompurify")).toBeUndefined();
  });

  it("loads no catalogue area's texts before the first render", () => {
    // The texts modules (features/i18n/texts/*.ts) start loading their area's catalogue part
    // when they load; on the entry's imports they would put that part back on every first visit,
    // and the shell, which is no lazy component, would draw before it arrived (keys on screen).
    expect(eagerModules(entries).filter((f) => f.includes("/features/i18n/texts/"))).toEqual([]);
    expect(eagerModules(entries)).toContain(join(src, "features/i18n/i18n.ts"));
  });

  it("tells a type-only import from one that loads the module", () => {
    expect(runtimeImports('import type { A } from "zod";\nimport { type B, type C } from "zod";')).toEqual(
      [],
    );
    expect(runtimeImports('import { type B, c } from "zod";\nexport { d } from "./d.ts";')).toEqual([
      "zod",
      "./d.ts",
    ]);
  });
});
