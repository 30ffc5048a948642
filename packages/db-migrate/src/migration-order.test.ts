import { describe, expect, it } from "vitest";
import { orderMigrations, parseMigrationName, pendingMigrations } from "./migration-order.ts";

const names = (files: { name: string }[]) => files.map((f) => f.name);

describe("migration names", () => {
  it("reads a UTC timestamp or a legacy range number", () => {
    expect(parseMigrationName("20261128145836_report_time_indexes.sql")).toEqual({
      name: "20261128145836_report_time_indexes.sql",
      version: 20261128145836,
      legacy: false,
    });
    expect(parseMigrationName("0510_provider_move.sql")).toEqual({
      name: "0510_provider_move.sql",
      version: 510,
      legacy: true,
    });
  });

  it("refuses a name that is not a real time or not snake case", () => {
    for (const bad of [
      "20261301000000_month_13.sql",
      "20260230120000_february_30.sql",
      "20261128250000_hour_25.sql",
      "2026112814583_thirteen_digits.sql",
      "20261128145836-dash.sql",
      "20261128145836_CamelCase.sql",
      "510_three_digits.sql",
    ]) {
      expect(typeof parseMigrationName(bad), bad).toBe("string");
    }
  });

  it("orders legacy files by number, then timestamped ones by time", () => {
    const ordered = orderMigrations(
      ["20260102000000_b.sql", "1020_rg.sql", "20260101000000_a.sql", "0001_core.sql", "0517_late.sql"],
      "Test",
    );
    expect(names(ordered)).toEqual([
      "0001_core.sql",
      "0517_late.sql",
      "1020_rg.sql",
      "20260101000000_a.sql",
      "20260102000000_b.sql",
    ]);
  });

  it("refuses two migrations written in the same second", () => {
    expect(() => orderMigrations(["20260101000000_a.sql", "20260101000000_b.sql"], "Test")).toThrow(
      "Test migrations 20260101000000_a.sql and 20260101000000_b.sql have the same number",
    );
  });

  it("names the file that is not a migration", () => {
    expect(() => orderMigrations(["notes.sql"], "RGS")).toThrow("RGS migration notes.sql is not named");
  });
});

describe("which migrations a database applies", () => {
  const all = orderMigrations(
    ["0001_core.sql", "0300_members.sql", "0517_late.sql", "20260101000000_a.sql", "20260102000000_b.sql"],
    "Test",
  );

  it("applies legacy files missing from a database that stopped at an older release", () => {
    // Historically 0517 was written after 0300 had been applied: it still applies.
    expect(names(pendingMigrations(all, ["0001_core.sql", "0300_members.sql"], "Test"))).toEqual([
      "0517_late.sql",
      "20260101000000_a.sql",
      "20260102000000_b.sql",
    ]);
  });

  it("applies what is above the last timestamped migration applied", () => {
    const applied = ["0001_core.sql", "0300_members.sql", "0517_late.sql", "20260101000000_a.sql"];
    expect(names(pendingMigrations(all, applied, "Test"))).toEqual(["20260102000000_b.sql"]);
    expect(pendingMigrations(all, [...applied, "20260102000000_b.sql"], "Test")).toEqual([]);
  });

  it("refuses a new file numbered below the last one applied, naming both", () => {
    const ordered = orderMigrations([...names(all), "20251231000000_written_earlier.sql"], "Test");
    const applied = ["0001_core.sql", "0300_members.sql", "0517_late.sql", "20260102000000_b.sql"];
    expect(() => pendingMigrations(ordered, applied, "Test")).toThrow(
      "Test migration 20251231000000_written_earlier.sql is numbered below 20260102000000_b.sql, " +
        "which this database has already applied",
    );
  });

  it("refuses a new range-numbered file once a timestamped one is applied", () => {
    const ordered = orderMigrations([...names(all), "1400_new_module.sql"], "Test");
    const applied = names(all);
    expect(() => pendingMigrations(ordered, applied, "Test")).toThrow(
      "Test migration 1400_new_module.sql is numbered below 20260102000000_b.sql",
    );
  });
});
