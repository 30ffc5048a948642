import { describe, expect, it } from "vitest";
import { migrationChecksum, normalizeSql } from "./normalize-sql.ts";

describe("a migration's text without comments and layout", () => {
  it("drops line and block comments (nested too) and the whitespace that only lays the text out", () => {
    const text =
      "-- Wallets: one per member.\n\nCREATE TABLE wallets ( -- the key\n" +
      "  id int /* outer /* inner */ still outer */ PRIMARY KEY,\n\n  balance   bigint\n);\n";
    expect(normalizeSql(text)).toBe("CREATE TABLE wallets(id int PRIMARY KEY,balance bigint);");
  });

  it("keeps `--` and `/*` inside quoted strings, escape strings and quoted identifiers", () => {
    expect(normalizeSql("INSERT INTO t VALUES ('a -- b',  'it''s /* x */'); -- gone")).toBe(
      "INSERT INTO t VALUES('a -- b','it''s /* x */');",
    );
    expect(normalizeSql("SELECT E'it\\'s -- kept' -- gone\n, 1")).toBe("SELECT E'it\\'s -- kept',1");
    expect(normalizeSql('CREATE TABLE "odd -- name" (id int)')).toBe('CREATE TABLE "odd -- name"(id int)');
  });

  it("keeps a dollar-quoted body byte for byte, its comments and spacing included", () => {
    const body = "$$\nBEGIN\n  -- stored with the function\n  RETURN 1;  /* so is this */\nEND $$";
    const tagged = "$fn$ SELECT '$$' -- still the body\n $fn$";
    expect(normalizeSql(`CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS ${body}; -- gone`)).toBe(
      `CREATE FUNCTION f()RETURNS int LANGUAGE plpgsql AS ${body};`,
    );
    expect(normalizeSql(`DO ${tagged};`)).toBe(`DO ${tagged};`);
    // A parameter is not a dollar quote: what follows it is read as SQL.
    expect(normalizeSql("SELECT $1 -- gone\n + $2")).toBe("SELECT $1+$2");
  });

  it("keeps the space that separates two words or two operator characters", () => {
    expect(normalizeSql("SELECT E 'x', - -1, a  -  b")).toBe("SELECT E 'x',- -1,a-b");
  });

  it("gives an edit of comments or layout the same checksum, and an edit of a statement another", () => {
    const shipped =
      "-- Wallets (see the ticket).\nCREATE TABLE wallets (id int, note text DEFAULT 'a -- b');\n";
    const reworded =
      "-- Wallets: one per member.\n\nCREATE TABLE wallets (\n  id int,\n  note text DEFAULT 'a -- b'\n);";
    expect(migrationChecksum(reworded)).toBe(migrationChecksum(shipped));
    expect(migrationChecksum(shipped.replace("id int", "id bigint"))).not.toBe(migrationChecksum(shipped));
    // Inside a string a `--` is data, not a comment: changing what follows it is a change.
    expect(migrationChecksum(shipped.replace("'a -- b'", "'a -- c'"))).not.toBe(migrationChecksum(shipped));
    // Inside a body a comment is stored with the function: changing it is a change.
    const fn = "CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 -- one\n $$;";
    expect(migrationChecksum(fn.replace("-- one", "-- uno"))).not.toBe(migrationChecksum(fn));
  });
});
