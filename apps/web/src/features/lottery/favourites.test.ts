import { describe, expect, it } from "vitest";
import { readFavourites, toggleFavourite } from "./favourites.ts";

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe("lottery favourites (spec §3: stored locally per username)", () => {
  it("keeps each player's list apart on one browser", () => {
    const storage = memoryStorage();
    expect(toggleFavourite("ana", "3D", storage)).toEqual(["3D"]);
    expect(toggleFavourite("ana", "6/45", storage)).toEqual(["3D", "6/45"]);
    expect(readFavourites("ben", storage)).toEqual([]);
    expect(readFavourites("ANA", storage)).toEqual(["3D", "6/45"]);
  });

  it("removes a favourite on the second toggle", () => {
    const storage = memoryStorage();
    toggleFavourite("ana", "3D", storage);
    expect(toggleFavourite("ana", "3D", storage)).toEqual([]);
  });

  it("has nothing for a guest and survives a damaged entry", () => {
    const storage = memoryStorage();
    expect(readFavourites(null, storage)).toEqual([]);
    storage.setItem("panalo.lotteryFav.ana", "{not json");
    expect(readFavourites("ana", storage)).toEqual([]);
    storage.setItem("panalo.lotteryFav.ana", JSON.stringify(["3D", 7, "4D"]));
    expect(readFavourites("ana", storage)).toEqual(["3D", "4D"]);
  });
});
