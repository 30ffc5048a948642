import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The module boundary check (scripts/check-modules.mjs, part of `npm run lint`): a module may
 * import another module only through its service.ts, events.ts or types.ts, its SQL names no
 * other module's table (it reads a view the owner publishes), and its SQL is in its repo
 * (repo.ts or repo/<topic>.ts), never in a service or rule file. Checked on a copy of
 * the server's sources, so the real tree is never edited.
 */
const root = new URL("../../..", import.meta.url).pathname;
const script = join(root, "scripts/check-modules.mjs");
const copy = mkdtempSync(join(tmpdir(), "module-boundaries-"));
cpSync(join(root, "apps/server/src"), join(copy, "apps/server/src"), {
  recursive: true,
  filter: (p) => !p.includes("node_modules"),
});
for (const list of ["module-boundaries.allow.json", "module-tables.allow.json", "module-sql.allow.json"]) {
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
    // wallet owns no table and has no repo; the statement goes where a module's SQL belongs
    const file = join(copy, "apps/server/src/modules/wallet/repo.ts");
    const statement = (table: string) =>
      `import { sql as q } from "drizzle-orm";\nexport const peek = q\`SELECT count(*) FROM ${table} WHERE kind = 'bet'\`;\n`;
    try {
      writeFileSync(file, statement("provider_transactions"));
      const run = check();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("modules/wallet/repo.ts: provider_transactions (providers)");
      writeFileSync(file, statement("game_transaction_log"));
      expect(check().status).toBe(0);
    } finally {
      unlinkSync(file);
    }
  });

  it("fails when a service file imports sql, and accepts the statement in the module's repo", () => {
    const service = join(copy, "apps/server/src/modules/wallet/service.ts");
    const repo = join(copy, "apps/server/src/modules/wallet/repo/peek.ts");
    const before = readFileSync(service, "utf8");
    const statement = `import { sql } from "drizzle-orm";\nexport const peek = sql\`SELECT count(*) FROM game_transaction_log\`;\n`;
    try {
      writeFileSync(service, `${statement}${before}`);
      const run = check();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("module sql: apps/server/src/modules/wallet/service.ts");
      // a type-only import is no statement
      writeFileSync(service, `import type { SQL } from "drizzle-orm";\nexport type Peek = SQL;\n${before}`);
      expect(check().status).toBe(0);
      // the same statement in a repo topic file, called by name from the service
      mkdirSync(dirname(repo), { recursive: true });
      writeFileSync(repo, statement);
      writeFileSync(service, `import { peek } from "./repo/peek.ts";\nvoid peek;\n${before}`);
      expect(check().status).toBe(0);
    } finally {
      writeFileSync(service, before);
      rmSync(dirname(repo), { recursive: true, force: true });
    }
  });

  it("fails when a file that held SQL outside its repo no longer does and is still allowed", () => {
    const list = join(copy, "scripts/module-sql.allow.json");
    const before = readFileSync(list, "utf8");
    try {
      writeFileSync(
        list,
        `${JSON.stringify([...JSON.parse(before), "apps/server/src/modules/wallet/service.ts"])}\n`,
      );
      const run = check();
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("modules/wallet/service.ts no longer holds SQL");
    } finally {
      writeFileSync(list, before);
    }
  });
});
