import { readFileSync } from "node:fs";
import type { Plugin } from "vite";
import { cataloguePart } from "./src/features/i18n/areas.ts";

/**
 * A language catalogue imported as `src/locales/XX.json?area=<part>` is that part of it only
 * (src/features/i18n/areas.ts): "core" loads before the first render, each area with the code
 * that shows it; the part is handed on as JSON, made a module as a whole file would be.
 * Used by the site's build and dev server (vite.config.ts) and by the unit tests (the root
 * vitest.config.ts), which load the site's i18n module.
 */
export function catalogueParts(): Plugin {
  return {
    name: "panalo-catalogue-parts",
    enforce: "pre",
    load(id) {
      const m = /[\\/]src[\\/]locales[\\/][A-Z]{2}\.json\?(.*)$/.exec(id);
      const part = m ? new URLSearchParams(m[1]).get("area") : null;
      if (!part) return null;
      const file = id.slice(0, id.indexOf("?"));
      this.addWatchFile(file);
      return {
        code: JSON.stringify(cataloguePart(JSON.parse(readFileSync(file, "utf8")), part)),
        moduleType: "json",
      };
    },
  };
}
