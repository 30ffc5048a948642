import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The in-house vendors' logos, drawn as SVG files in ./vendor-logos (one per
 * vendor code, lower case): an emblem in the vendor's colour and the name set with a fixed text
 * length, so it is never cut off. A third-party vendor's logo is the operator's upload (back
 * office → Partner logos).
 */
const DIR = join(dirname(fileURLToPath(import.meta.url)), "vendor-logos");

export function inHouseVendorLogo(code: string): Buffer | null {
  if (!/^[A-Za-z0-9_]+$/.test(code)) return null;
  const file = join(DIR, `${code.toLowerCase()}.svg`);
  return existsSync(file) ? readFileSync(file) : null;
}
