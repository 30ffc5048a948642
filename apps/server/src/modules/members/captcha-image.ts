import { randomInt } from "node:crypto";
import { deflateSync } from "node:zlib";

/**
 * The login captcha image (spec §4: shown after failed logins): five digits drawn from a 5 x 7
 * bitmap font at random offsets over noise lines, encoded as a PNG with no image library.
 */
export const FONT: Record<string, string[]> = {
  "0": ["01110", "10001", "10011", "10101", "11001", "10001", "01110"],
  "1": ["00100", "01100", "00100", "00100", "00100", "00100", "01110"],
  "2": ["01110", "10001", "00001", "00010", "00100", "01000", "11111"],
  "3": ["11110", "00001", "00001", "01110", "00001", "00001", "11110"],
  "4": ["00010", "00110", "01010", "10010", "11111", "00010", "00010"],
  "5": ["11111", "10000", "11110", "00001", "00001", "10001", "01110"],
  "6": ["00110", "01000", "10000", "11110", "10001", "10001", "01110"],
  "7": ["11111", "00001", "00010", "00100", "01000", "01000", "01000"],
  "8": ["01110", "10001", "10001", "01110", "10001", "10001", "01110"],
  "9": ["01110", "10001", "10001", "01111", "00001", "00010", "01100"],
};

export function randomDigits(n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += String(randomInt(10));
  return out;
}

const W = 150;
const H = 50;

export function captchaPng(text: string): Buffer {
  // RGB pixels, light background.
  const px = Buffer.alloc(W * H * 3, 0xf2);
  const set = (x: number, y: number, r: number, g: number, b: number) => {
    if (x < 0 || y < 0 || x >= W || y >= H) return;
    const i = (y * W + x) * 3;
    px[i] = r;
    px[i + 1] = g;
    px[i + 2] = b;
  };
  // Noise lines.
  for (let l = 0; l < 6; l++) {
    let x = randomInt(W);
    let y = randomInt(H);
    const dx = randomInt(3) - 1;
    const dy = randomInt(3) - 1 || 1;
    const c = 120 + randomInt(100);
    for (let s = 0; s < 120; s++) {
      set(x, y, c, c, 200);
      x += dx + (randomInt(3) - 1);
      y += dy * (randomInt(2) ? 1 : 0);
      if (y >= H) y = 0;
    }
  }
  // Glyphs at scale 4 with a random vertical jitter.
  const scale = 4;
  [...text].forEach((ch, i) => {
    const glyph = FONT[ch];
    if (!glyph) return;
    const ox = 10 + i * 27 + randomInt(5);
    const oy = 6 + randomInt(H - 7 * scale - 8);
    const [r, g, b] = [randomInt(80), randomInt(60), 60 + randomInt(120)];
    glyph.forEach((row, gy) => {
      for (let gx = 0; gx < 5; gx++) {
        if (row[gx] !== "1") continue;
        for (let sy = 0; sy < scale; sy++)
          for (let sx = 0; sx < scale; sx++) set(ox + gx * scale + sx, oy + gy * scale + sy, r, g, b);
      }
    });
  });
  // Speckle.
  for (let s = 0; s < 300; s++) set(randomInt(W), randomInt(H), 160, 160, 160);
  return encodePng(px, W, H);
}

function encodePng(rgb: Buffer, width: number, height: number): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0; // filter: none
    rgb.copy(raw, y * (width * 3 + 1) + 1, y * width * 3, (y + 1) * width * 3);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
