import { describe, expect, it } from "vitest";
import { splitStatements } from "./migrate.ts";

describe("migration statement splitting", () => {
  it("splits on top-level semicolons only", () => {
    const sql = `CREATE TABLE a (x text DEFAULT 'a;b');\n-- a comment; with a semicolon\nCREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END $$ LANGUAGE plpgsql;\nSELECT 1`;
    expect(splitStatements(sql)).toEqual([
      "CREATE TABLE a (x text DEFAULT 'a;b')",
      "CREATE FUNCTION f() RETURNS int AS $$ BEGIN RETURN 1; END $$ LANGUAGE plpgsql",
      "SELECT 1",
    ]);
  });
});
