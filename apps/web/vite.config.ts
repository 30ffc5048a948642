import { readFileSync } from "node:fs";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { catalogueParts } from "./catalogue-parts.ts";

/**
 * Build-time touches to index.html:
 * - the chunk of each language catalog and of the home page are written into the boot script
 *   (src/boot.js), which preloads the visitor's catalog (and, on the home page, its code) while
 *   the main bundle is still downloading. The boot script is a classic script of its own, served
 *   hashed from /assets like the rest (the Content-Security-Policy allows no inline script);
 * - spec §2 route table: /register.html is a route of the site. The server answers unknown
 *   paths with index.html, but a path ending in ".html" looks like a file, so the build also
 *   writes the page under that name.
 */
function indexHtmlExtras(aliases: readonly string[]): Plugin {
  return {
    name: "panalo-index-html-extras",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const preload: Record<string, string> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== "chunk" || !file.facadeModuleId) continue;
        // The core part of each catalogue (the rest loads with the pages that show it).
        const locale = /\/src\/locales\/([A-Z]{2})\.json\?area=core$/.exec(file.facadeModuleId);
        if (locale?.[1]) preload[locale[1]] = `/${file.fileName}`;
        if (file.facadeModuleId.endsWith("/src/pages/home/home-page.tsx")) preload.home = `/${file.fileName}`;
      }
      const index = bundle["index.html"];
      if (index?.type !== "asset") return;
      const boot = readFileSync(join(import.meta.dirname, "src/boot.js"), "utf8").replace(
        '"__PANALO_PRELOAD__"',
        JSON.stringify(preload),
      );
      const ref = this.emitFile({ type: "asset", name: "boot.js", source: boot });
      const tag = '<script src="/src/boot.js"></script>';
      if (!String(index.source).includes(tag)) this.error(`index.html must load the boot script as ${tag}`);
      const html = String(index.source).replace(tag, `<script src="/${this.getFileName(ref)}"></script>`);
      index.source = html;
      for (const fileName of aliases) this.emitFile({ type: "asset", fileName, source: html });
    },
  };
}

/**
 * The site runs on Preact's React-compatible runtime (preact/compat, about
 * 11 KB gzipped instead of React DOM's 68 KB), the largest cut in the home route's JavaScript.
 * The code and its types stay React's; only the bundle swaps the runtime. The libraries (React
 * Router, TanStack Query, react-i18next, react-hook-form, zustand) use only what preact/compat
 * provides (hooks, useSyncExternalStore, portals); the web e2e suites run on this runtime.
 * The dev server keeps React for Fast Refresh (PANALO_REACT=1 builds with React to compare).
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react$/, replacement: "preact/compat" },
];

export default defineConfig(({ command }) => ({
  plugins: [catalogueParts(), react(), indexHtmlExtras(["register.html"])],
  base: "/",
  resolve: {
    alias: command === "build" && process.env.PANALO_REACT !== "1" ? preactAliases : [],
  },
  build: {
    target: "es2022",
    cssCodeSplit: true,
    sourcemap: process.env.PANALO_SOURCEMAP === "1",
    minify: process.env.PANALO_NOMINIFY !== "1",
    chunkSizeWarningLimit: 200,
    // Font slices stay files (never data: URLs inside the font style sheets): each downloads only
    // when a page uses its characters.
    assetsInlineLimit: (file: string) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      output: {
        // The libraries every screen needs, in two long-cached chunks apart from the site's code.
        codeSplitting: {
          groups: [
            { name: "react-dom", test: /node_modules[\\/](react-dom|scheduler)[\\/]/, priority: 2 },
            {
              name: "vendor",
              test: /node_modules[\\/](preact|react|react-router|i18next|react-i18next|@tanstack|zustand|use-sync-external-store)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      "/wps": "http://localhost:8080",
      "/lgw": "http://localhost:8080",
      "/api": "http://localhost:8080",
      "/rgs": "http://localhost:8080",
      "/media": "http://localhost:8080",
      "/ws": { target: "ws://localhost:8080", ws: true },
    },
  },
}));
