import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CATALOGUE_AREAS, type CatalogueArea, cataloguePart } from "./areas.ts";

/**
 * A catalogue's areas load with the code that shows them (areas.ts): a module drawing an area's
 * key without importing its texts module would draw the key itself when it is the first of its
 * area to load. These read the sources and the catalogues.
 */
const src = join(import.meta.dirname, "../..");
const locales = join(src, "locales");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.includes(".test.") ? [path] : [];
  });
}

const areaOf = new Map<string, CatalogueArea>(
  Object.entries(CATALOGUE_AREAS).flatMap(([area, nss]) =>
    nss.map((ns) => [ns, area as CatalogueArea] as const),
  ),
);
/** A key written in the code: a string starting with "<namespace>." (t("wallet.title"), `sports.${x}`). */
const KEY = new RegExp(`["'\`](${[...areaOf.keys()].join("|")})\\.[A-Za-z]`, "g");

describe("the catalogue's areas", () => {
  it("every module using an area's keys imports that area's texts", () => {
    const missing: string[] = [];
    let users = 0;
    for (const file of sources(src)) {
      if (file.startsWith(join(src, "features/i18n"))) continue;
      const code = readFileSync(file, "utf8");
      const areas = new Set([...code.matchAll(KEY)].map((m) => areaOf.get(m[1] ?? "")));
      if (areas.size > 0) users++;
      for (const area of areas) {
        const texts = join(src, `features/i18n/texts/${area}.ts`);
        const imported = [...code.matchAll(/^import "(\.[^"]+)";/gm)].some(
          (m) => resolve(dirname(file), m[1] ?? "") === texts,
        );
        if (!imported) missing.push(`${relative(src, file)} uses ${area} keys`);
      }
    }
    expect(users).toBeGreaterThan(20); // the scan finds the pages it guards
    expect(missing).toEqual([]);
  });

  it("splits each catalogue into parts that together are the whole catalogue", () => {
    for (const file of readdirSync(locales).filter((f) => f.endsWith(".json"))) {
      const catalog = JSON.parse(readFileSync(join(locales, file), "utf8")) as Record<string, unknown>;
      const parts = ["core", ...Object.keys(CATALOGUE_AREAS)].map((p) => cataloguePart(catalog, p));
      expect(Object.assign({}, ...parts), file).toEqual(catalog);
      const keys = parts.flatMap((p) => Object.keys(p));
      expect(new Set(keys).size, file).toBe(keys.length);
      // an area naming a namespace the catalogue no longer has would load nothing
      for (const ns of areaOf.keys()) expect(catalog[ns], `${file} ${ns}`).toBeDefined();
    }
  });

  it("each route whose page awaits an area loads that area's texts beside the page's code", () => {
    // routes.tsx: const SportsPage = lazyPage(
    //   () => import("../pages/sports/sports-page.tsx"),
    //   () => import("../features/i18n/texts/sports.ts"),
    // );
    const routes = readFileSync(join(src, "app/routes.tsx"), "utf8");
    const LAZY =
      /const (\w+) = lazyPage\(\s*(?:\(\) => import\("([^"]+)"\)|(\w+))(?:,\s*\(\) => import\("[./]+\/features\/i18n\/texts\/(\w+)\.ts"\))?,?\s*\)/g;
    const named = new Map(
      [...routes.matchAll(/const (\w+) = \(\) => import\("([^"]+)"\)/g)].map((m) => [m[1], m[2]]),
    );
    const pages = [...routes.matchAll(LAZY)];
    expect(pages.length).toBeGreaterThan(20); // the walk reads the routes
    const wrong: string[] = [];
    for (const [, name, path, loader, given] of pages) {
      const code = readFileSync(resolve(join(src, "app"), path ?? named.get(loader ?? "") ?? ""), "utf8");
      const awaited = /^import "[./]+\/(?:[\w-]+\/)*i18n\/texts\/(\w+)\.ts";/m.exec(code)?.[1];
      if (awaited !== given) wrong.push(`${name}: page awaits ${awaited}, route loads ${given}`);
    }
    expect(wrong).toEqual([]);
    expect(routes.match(/lazyPage\(/g)?.length).toBe(pages.length);
  });

  it("every lazily loaded component waits for the texts its code started loading", () => {
    // React's own lazy renders as soon as the code is in, before the texts it started.
    const own = [join(src, "features/i18n/lazy.ts"), join(src, "app/lazy-page.ts")];
    const direct = sources(src).filter(
      (f) =>
        !own.includes(f) &&
        /import \{[^}]*\blazy\b[^}]*\} from "react"|\bReact\.lazy\(/.test(readFileSync(f, "utf8")),
    );
    expect(direct.map((f) => relative(src, f))).toEqual([]);
    expect(readFileSync(join(src, "app/lazy-page.ts"), "utf8")).toContain("textsLoaded()");
    const users = sources(src).filter((f) =>
      /import \{ lazy \} from "[./]+\/(?:[\w-]+\/)*i18n\/lazy\.ts"/.test(readFileSync(f, "utf8")),
    );
    expect(users.length).toBeGreaterThan(8); // the scan sees the lazy components
  });

  it("refuses an unknown part", () => {
    expect(() => cataloguePart({}, "nope")).toThrow();
  });
});
