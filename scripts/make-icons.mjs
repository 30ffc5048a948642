// Draws the site's app icons (apps/web/public/icons/*.png) for the web app manifest and iOS's
// home screen: a gold coin with a "P" on the brand's navy. Geometry, not an image editor, so the
// icons can be redrawn on any machine: `node scripts/make-icons.mjs`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PNG } from "pngjs";
import { root } from "./lib.mjs";

const NAVY = [0x1b, 0x1f, 0x3b];
const GOLD = [0xf5, 0xb8, 0x2e];
// The same drawing as index.html's favicon, on a 32-unit square.
function colourAt(x, y, coinRadius) {
  const d = Math.hypot(x - 16, y - 16);
  if (d > coinRadius) return NAVY;
  // The "P": a stem from (12,8) to (15,24) and a bowl of radius 5 around (18,13), hollow inside.
  const stem = x >= 12 && x <= 15 && y >= 8 && y <= 24;
  const bowlOuter = (x >= 12 && x <= 18 && y >= 8 && y <= 18) || Math.hypot(x - 18, y - 13) <= 5;
  const bowlInner = Math.hypot(x - 18, y - 13) <= 2 && x >= 15;
  return stem || (bowlOuter && !bowlInner && x >= 12) ? NAVY : GOLD;
}

function draw(size, coinRadius) {
  const png = new PNG({ width: size, height: size });
  const samples = 4; // 4×4 samples per pixel: smooth edges
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt(
            ((px + (sx + 0.5) / samples) * 32) / size,
            ((py + (sy + 0.5) / samples) * 32) / size,
            coinRadius,
          );
          for (let i = 0; i < 3; i++) sum[i] += c[i];
        }
      }
      const o = (py * size + px) * 4;
      for (let i = 0; i < 3; i++) png.data[o + i] = Math.round(sum[i] / (samples * samples));
      png.data[o + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

const dir = join(root, "apps/web/public/icons");
mkdirSync(dir, { recursive: true });
// "any" icons fill the square with the coin; "maskable" ones keep it inside the safe zone (the
// inner 80 %), since launchers may cut the corners into a circle or a squircle.
for (const [name, size, radius] of [
  ["icon-192.png", 192, 15],
  ["icon-512.png", 512, 15],
  ["maskable-512.png", 512, 12],
  ["apple-touch-icon.png", 180, 14],
]) {
  writeFileSync(join(dir, name), draw(size, radius));
}
console.log(`icons written to ${dir}`);
