import { describe, expect, it } from "vitest";
import { pickByUsername, suggestionsFor } from "./username-picker.tsx";

const rows = [
  { id: 3, username: "invited1", isAgent: 0 },
  { id: 4, username: "topagent", isAgent: 1 },
  { id: 5, username: "Invited", isAgent: 0 },
  { id: 6, username: "affil", isAgent: 41 },
];

describe("finding a member or an agent by username", () => {
  it("picks only the exact username, whatever its case, never a partial match", () => {
    expect(pickByUsername(rows, " invited ")?.id).toBe(5);
    expect(pickByUsername(rows, "invit")).toBeNull();
    expect(pickByUsername(rows, "")).toBeNull();
  });

  it("suggests only agents for an upline", () => {
    expect(suggestionsFor(rows, true).map((r) => r.username)).toEqual(["topagent", "affil"]);
    expect(suggestionsFor(rows, false)).toHaveLength(4);
    expect(pickByUsername(suggestionsFor(rows, true), "invited1")).toBeNull();
  });
});
