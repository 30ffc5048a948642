import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The module boundary check (scripts/check-modules.mjs, part of `npm run lint`): a module may
 * import another module only through its service.ts, events.ts or types.ts. Checked on a copy of
 * the server's sources, so the real tree is never edited.
 */
const root = new URL("../../..", import.meta.url).pathname;
const script = join(root, "scripts/check-modules.mjs");
const copy = mkdtempSync(join(tmpdir(), "module-boundaries-"));
cpSync(join(root, "apps/server/src"), join(copy, "apps/server/src"), {
  recursive: true,
  filter: (p) => !p.includes("node_modules"),
});
cpSync(
  join(root, "scripts/module-boundaries.allow.json"),
  join(copy, "scripts/module-boundaries.allow.json"),
);
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const check = () => spawnSync(process.execPath, [script, "--root", copy], { encoding: "utf8" });

describe("module boundaries", () => {
  it("passes on the tree as it is", () => {
    expect(() => execFileSync(process.execPath, [script], { encoding: "utf8" })).not.toThrow();
  });

  it("fails when a module imports another module's repo", () => {
    const file = join(copy, "apps/server/src/modules/wallet/service.ts");
    const before = readFileSync(file, "utf8");
    writeFileSync(file, `import { listGames } from "../games/repo.ts";\nvoid listGames;\n${before}`);
    try {
      const run = check();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("modules/wallet/service.ts -> apps/server/src/modules/games/repo.ts");
    } finally {
      writeFileSync(file, before);
    }
  });

  it("accepts an import of another module's service", () => {
    const file = join(copy, "apps/server/src/modules/wallet/service.ts");
    const before = readFileSync(file, "utf8");
    writeFileSync(file, `import { popularGames } from "../games/service.ts";\nvoid popularGames;\n${before}`);
    try {
      expect(check().status).toBe(0);
    } finally {
      writeFileSync(file, before);
    }
  });
});
