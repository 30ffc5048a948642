// After `vite build`: write .br and .gz beside every text asset of the given dist folder, so the
// server sends compressed files without compressing on each request (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = process.argv[2];
if (!dir) {
  console.error("usage: node scripts/precompress.mjs <dist-dir>");
  process.exit(2);
}
const text = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
let files = 0;
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (text.test(name)) {
      const body = readFileSync(p);
      if (body.length < 512) continue;
      writeFileSync(`${p}.gz`, gzipSync(body, { level: 9 }));
      writeFileSync(
        `${p}.br`,
        brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        }),
      );
      files += 1;
    }
  }
};
walk(dir);
console.log(`precompressed ${files} files in ${dir}`);
