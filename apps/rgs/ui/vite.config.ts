import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const root = fileURLToPath(new URL(".", import.meta.url));

/**
 * The slot client of the in-house game server: one bundle for every game and the verify page,
 * served by the RGS under /rgs (so assets load from /rgs/assets/…).
 */
export default defineConfig({
  root,
  base: "/rgs/",
  build: {
    outDir: fileURLToPath(new URL("../dist/ui", import.meta.url)),
    emptyOutDir: true,
    target: "es2022",
    sourcemap: false,
    // Font slices stay files: the game's CSP allows no data: fonts, and each slice downloads
    // only when the game shows its characters.
    assetsInlineLimit: (file: string) => (/\.woff2?$/.test(file) ? false : undefined),
  },
  server: {
    proxy: { "/rgs/api": "http://localhost:8080" },
  },
});
