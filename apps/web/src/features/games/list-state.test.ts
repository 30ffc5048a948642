import { describe, expect, it } from "vitest";
import { GAMES_PAGE_SIZE } from "./constants.ts";
import { initialListState, type ListState, listReducer, nextPageNo } from "./list-state.ts";

const filtered: ListState = {
  vendor: "JILI",
  listType: "none",
  search: "mango",
  classify: "SLOT",
  minBet: "0.5",
};

describe("the games list state (spec §4)", () => {
  it("pages by 15 games", () => {
    expect(GAMES_PAGE_SIZE).toBe(15);
  });

  it("goes back to the plain list when the search changes", () => {
    const hot = initialListState("JILI", "hot");
    const next = listReducer(hot, { type: "search", term: " mango " });
    expect(next.listType).toBe("none");
    expect(next.search).toBe("mango");
  });

  it("goes back to the plain list when the classify or min-bet filter changes", () => {
    const fav = initialListState("JILI", "fav");
    expect(listReducer(fav, { type: "classify", classify: "SLOT" }).listType).toBe("none");
    expect(listReducer(fav, { type: "minBet", minBet: "0.05" }).listType).toBe("none");
  });

  it("keeps the list type when the debounced search settles on the same term", () => {
    const hot = initialListState("JILI", "hot");
    expect(listReducer(hot, { type: "search", term: "" })).toBe(hot);
  });

  it("clears search, classify and min-bet when the vendor changes", () => {
    const next = listReducer(filtered, { type: "vendor", vendor: "PP" });
    expect(next).toEqual({ vendor: "PP", listType: "none", search: "", classify: "", minBet: "all" });
  });

  it("keeps the filters when the same vendor is chosen again", () => {
    expect(listReducer(filtered, { type: "vendor", vendor: "JILI" })).toBe(filtered);
  });

  it("refuses favourites and recent without a login", () => {
    expect(listReducer(filtered, { type: "list", listType: "fav", loggedIn: false })).toBe(filtered);
    expect(listReducer(filtered, { type: "list", listType: "recent", loggedIn: false })).toBe(filtered);
  });

  it("opens favourites for a logged-in player with the filters cleared", () => {
    const next = listReducer(filtered, { type: "list", listType: "fav", loggedIn: true });
    expect(next).toEqual({ vendor: "JILI", listType: "fav", search: "", classify: "", minBet: "all" });
  });

  it("lets hot be chosen without a login", () => {
    expect(listReducer(filtered, { type: "list", listType: "hot", loggedIn: false }).listType).toBe("hot");
  });

  it("leaves favourites and recent when the player logs out", () => {
    const recent = initialListState("all", "recent");
    expect(listReducer(recent, { type: "loggedOut" }).listType).toBe("none");
    const hot = initialListState("all", "hot");
    expect(listReducer(hot, { type: "loggedOut" })).toBe(hot);
  });
});

describe("load more (spec §4)", () => {
  it("asks for the next page while there is one", () => {
    expect(nextPageNo("none", 1, 3)).toBe(2);
    expect(nextPageNo("fav", 2, 3)).toBe(3);
  });

  it("stops at the last page", () => {
    expect(nextPageNo("none", 3, 3)).toBeNull();
    expect(nextPageNo("recent", 1, 0)).toBeNull();
  });

  it("shows hot games in one page", () => {
    expect(nextPageNo("hot", 1, 4)).toBeNull();
  });
});
