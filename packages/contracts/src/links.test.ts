import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { followableLink, linkKind, linkProblem } from "./links.ts";

describe("link kinds", () => {
  it("treats a path with a single leading slash as in-site", () => {
    for (const href of ["/", "/promotions", "/game?gameCode=X", "/a/b#c"])
      expect(linkKind(href), href).toBe("internal");
  });

  it("refuses protocol-relative, backslash, whitespace and script links", () => {
    for (const href of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      " /x",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,x",
      "vbscript:x",
      "promo",
      "#top",
      "",
      "https://user:pass@evil.example",
    ]) {
      expect(linkKind(href), JSON.stringify(href)).toBe("invalid");
    }
  });

  it("never calls a link starting with // or /\\ followable, whatever follows", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("//", "/\\"),
        fc.string(),
        (start, rest) => followableLink(start + rest, true) === null,
      ),
    );
  });

  it("follows an address that leaves the site only when marked external", () => {
    expect(followableLink("https://partner.example", false)).toBeNull();
    expect(followableLink("https://partner.example", true)).toEqual({
      kind: "external",
      href: "https://partner.example",
    });
    expect(linkProblem("https://partner.example", false)).toBe("link_not_external");
    expect(linkProblem("//partner.example", true)).toBe("link_invalid");
    expect(linkProblem("/promotions", false)).toBeNull();
  });
});
