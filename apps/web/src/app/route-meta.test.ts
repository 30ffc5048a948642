import { describe, expect, it } from "vitest";
import { canonicalPath, OPEN_PATHS, routeMeta } from "./route-meta.ts";

describe("route meta", () => {
  it("gives each path its banner group (spec §2)", () => {
    expect(routeMeta("/").group).toBe("home");
    expect(routeMeta("/index.html").group).toBe("home");
    expect(routeMeta("/pp").group).toBe("rng");
    expect(routeMeta("/pointMall").group).toBe("shop");
    expect(routeMeta("/down").group).toBe("download");
    expect(routeMeta("/rng/vassalage/JILI").group).toBe("rng");
    expect(routeMeta("/lottery").group).toBeNull();
    expect(routeMeta("/noticePage").group).toBeNull();
  });

  it("hides the head nav on the lottery and seamless pages only", () => {
    expect(routeMeta("/lottery").showNav).toBe(false);
    expect(routeMeta("/seamless").showNav).toBe(false);
    expect(routeMeta("/rng").showNav).toBe(true);
  });

  it("answers home's aliases as the home page", () => {
    for (const p of ["/index", "/index.html", "/home"]) expect(canonicalPath(p)).toBe("/");
    expect(routeMeta("/register.html").titleKey).toBe("register");
    expect(routeMeta("/no-such-page").titleKey).toBe("notFound");
  });

  it("lets visitors without a session open only the redirect rule's paths", () => {
    expect([...OPEN_PATHS].sort()).toEqual([
      "/agent",
      "/download",
      "/helpmc",
      "/login",
      "/register",
      "/register.html",
    ]);
  });
});
