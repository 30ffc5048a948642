import { readFileSync } from "node:fs";
import { join } from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * The boot script (src/boot.js) runs before the modules; the build serves it hashed from
 * /admin/assets like the rest, since the Content-Security-Policy allows no inline script.
 */
function bootScript(): Plugin {
  return {
    name: "panalo-admin-boot-script",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset") return;
      const source = readFileSync(join(import.meta.dirname, "src/boot.js"), "utf8");
      const ref = this.emitFile({ type: "asset", name: "boot.js", source });
      const tag = '<script src="/src/boot.js"></script>';
      if (!String(index.source).includes(tag)) this.error(`index.html must load the boot script as ${tag}`);
      index.source = String(index.source).replace(
        tag,
        `<script src="/admin/${this.getFileName(ref)}"></script>`,
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), bootScript()],
  base: "/admin/",
  build: { target: "es2022", sourcemap: false },
  server: { port: 5174, proxy: { "/api": "http://localhost:8080", "/wps": "http://localhost:8080" } },
});
