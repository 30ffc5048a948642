import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DayFilter, dayRange, listQuery, listSearch, offsetOf, SearchFilter } from "./list-query.ts";

const Q = listQuery({
  sort: ["startAt", "id"],
  defaultSort: "startAt",
  defaultDirection: "asc",
  filters: { league: z.string().max(10).optional(), from: DayFilter.optional(), q: SearchFilter },
  maxPageSize: 100,
});

describe("the shared list query", () => {
  it("fills the defaults and groups the filters", () => {
    expect(Q.parse({})).toEqual({
      page: 1,
      pageSize: 50,
      sort: "startAt",
      direction: "asc",
      filters: { league: undefined, from: undefined, q: undefined },
    });
    const q = Q.parse({ page: "3", pageSize: "20", sort: "id", direction: "desc", league: "4", q: "  ab " });
    expect(q).toMatchObject({ page: 3, pageSize: 20, sort: "id", direction: "desc" });
    expect(q.filters).toEqual({ league: "4", from: undefined, q: "ab" });
    expect(offsetOf(q)).toBe(40);
  });

  it.each([
    [{ page: "0" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ pageSize: "101" }, "pageSize"],
    [{ sort: "password" }, "sort"],
    [{ sort: "start_at; DROP TABLE x" }, "sort"],
    [{ direction: "up" }, "direction"],
    [{ from: "29/11/2026" }, "from"],
    [{ league: "x".repeat(11) }, "league"],
  ])("refuses %o naming %s", (input, field) => {
    const r = Q.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join("."))).toContain(field);
  });

  it("reads an inclusive range of Manila days as half-open instants", () => {
    expect(dayRange("2026-11-01", "2026-11-02")).toEqual({
      from: new Date("2026-10-31T16:00:00.000Z"),
      to: new Date("2026-11-02T16:00:00.000Z"),
    });
    expect(dayRange(undefined, undefined)).toEqual({});
  });

  it("writes the query back as the server reads it, leaving out empty filters", () => {
    const s = listSearch({
      page: 2,
      pageSize: 50,
      sort: "id",
      direction: "asc",
      filters: { league: "4", q: "" },
    });
    expect(s).toBe("page=2&pageSize=50&sort=id&direction=asc&league=4");
    const back = Q.parse(Object.fromEntries(new URLSearchParams(s)));
    expect(back).toMatchObject({
      page: 2,
      pageSize: 50,
      sort: "id",
      direction: "asc",
      filters: { league: "4" },
    });
  });
});
