// Reads the server's captcha picture as a person would: finds the dark glyph pixels and matches
// each of the five positions against the digit shapes. Test-side only; the product has no way
// to reveal an answer.
import { inflateSync } from "node:zlib";
import { FONT } from "../../apps/server/src/modules/members/captcha-image.ts";

function decodePng(png: Buffer): { width: number; height: number; rgb: Buffer } {
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const len = png.readUInt32BE(offset);
    const type = png.subarray(offset + 4, offset + 8).toString("latin1");
    const data = png.subarray(offset + 8, offset + 8 + len);
    if (type === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
    } else if (type === "IDAT") idat.push(data);
    offset += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    raw.copy(rgb, y * width * 3, y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1));
  return { width, height, rgb };
}

/** The five digits of a captcha given as a data: URL or base64 PNG. */
export function readCaptcha(image: string): string {
  const { width, height, rgb } = decodePng(
    Buffer.from(image.replace(/^data:image\/png;base64,/, ""), "base64"),
  );
  const ink = (x: number, y: number) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return false;
    const i = (y * width + x) * 3;
    return (rgb[i] ?? 255) < 80 && (rgb[i + 1] ?? 255) < 60; // glyph colours; noise is lighter
  };
  const scale = 4;
  let answer = "";
  for (let i = 0; i < 5; i++) {
    let best = { digit: "?", score: -1 };
    for (let ox = 10 + i * 27; ox < 10 + i * 27 + 5; ox++) {
      for (let oy = 6; oy < height - 7 * scale; oy++) {
        for (const [digit, rows] of Object.entries(FONT)) {
          let score = 0;
          rows.forEach((row, gy) => {
            for (let gx = 0; gx < 5; gx++) {
              const on = row[gx] === "1";
              // Sample the middle of each 4×4 cell.
              const hit =
                ink(ox + gx * scale + 1, oy + gy * scale + 1) ||
                ink(ox + gx * scale + 2, oy + gy * scale + 2);
              score += on === hit ? 1 : 0;
            }
          });
          if (score > best.score) best = { digit, score };
        }
      }
    }
    answer += best.digit;
  }
  return answer;
}
