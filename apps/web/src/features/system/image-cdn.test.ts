import { describe, expect, it } from "vitest";
import { chooseImageCdn, throughCdn } from "./image-cdn.ts";

function memory(): Pick<Storage, "getItem" | "setItem"> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

describe("image CDNs", () => {
  const list = ["https://img1.example.com", "https://img2.example.com/", "https://img3.example.com"];

  it("picks one at random and keeps it for the visit while it is listed", () => {
    const s = memory();
    expect(chooseImageCdn(list, s, () => 0.5)).toBe(list[1]);
    expect(chooseImageCdn(list, s, () => 0)).toBe(list[1]);
    expect(chooseImageCdn([list[0] ?? "", list[2] ?? ""], s, () => 0.9)).toBe(list[2]);
    expect(chooseImageCdn([], s)).toBeNull();
  });

  it("spreads visits over the whole list", () => {
    const seen = new Set<string | null>();
    for (let i = 0; i < 30; i++) seen.add(chooseImageCdn(list, memory(), () => (i % 3) / 3 + 0.01));
    expect(seen.size).toBe(3);
  });

  it("moves only the site's own media", () => {
    expect(throughCdn("/media/42", "https://img2.example.com/")).toBe("https://img2.example.com/media/42");
    expect(throughCdn("https://other.example.com/a.png", "https://img2.example.com")).toBe(
      "https://other.example.com/a.png",
    );
    expect(throughCdn("/media/42", null)).toBe("/media/42");
  });
});
