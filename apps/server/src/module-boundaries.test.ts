import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The module boundary check (scripts/check-modules.mjs, part of `npm run lint`): a module may
 * import another module only through its service.ts, events.ts or types.ts, and its SQL names no
 * other module's table (it reads a view the owner publishes). Checked on a copy of
 * the server's sources, so the real tree is never edited.
 */
const root = new URL("../../..", import.meta.url).pathname;
const script = join(root, "scripts/check-modules.mjs");
const copy = mkdtempSync(join(tmpdir(), "module-boundaries-"));
cpSync(join(root, "apps/server/src"), join(copy, "apps/server/src"), {
  recursive: true,
  filter: (p) => !p.includes("node_modules"),
});
for (const list of ["module-boundaries.allow.json", "module-tables.allow.json"]) {
  cpSync(join(root, "scripts", list), join(copy, "scripts", list));
}
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

  it("fails when a module's SQL names another module's table, and accepts the owner's view", () => {
    const file = join(copy, "apps/server/src/modules/wallet/service.ts");
    const before = readFileSync(file, "utf8");
    const statement = (table: string) =>
      `import { sql as q } from "drizzle-orm";\nexport const peek = q\`SELECT count(*) FROM ${table} WHERE kind = 'bet'\`;\n`;
    try {
      writeFileSync(file, `${statement("provider_transactions")}${before}`);
      const run = check();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("modules/wallet/service.ts: provider_transactions (providers)");
      writeFileSync(file, `${statement("game_transaction_log")}${before}`);
      expect(check().status).toBe(0);
    } finally {
      writeFileSync(file, before);
    }
  });
});
