import { readFileSync } from "node:fs";
import { join } from "node:path";
import { GAMES_PATHS, HOME_PATHS, isSitePath, SITE_PATHS } from "@panalo/contracts/site-routes";
import { describe, expect, it } from "vitest";
import { AGENT_CENTRE_PAGES } from "../features/agent-centre/pages.ts";
import { AGENT_PAGE_SLUGS, agentPageOfSlug, agentPagePath } from "../features/agent-centre/paths.ts";

/**
 * The server answers 404 for a path the site has no screen for, from the shared route
 * table. Every fixed path of the router must be in that table and nothing more, or a real page
 * would answer 404 (or a missing one 200).
 */
describe("the site's route table", () => {
  const source = readFileSync(join(import.meta.dirname, "routes.tsx"), "utf8");
  const routerPaths = [...source.matchAll(/path="([^"]+)"/g)].map((m) => m[1] ?? "");

  it("lists exactly the router's fixed paths", () => {
    const fixed = routerPaths.filter((p) => !p.includes(":") && p !== "*");
    expect(new Set([...fixed, ...HOME_PATHS, ...GAMES_PATHS])).toEqual(new Set(SITE_PATHS));
  });

  it("knows the named games route and nothing past it", () => {
    expect(routerPaths).toContain("/:games/:type/:vassalage?");
    for (const p of [
      "/rng/hot",
      "/rng/vassalage/JILI",
      "/fish/vassalage/FC",
      "/jili/",
      "/",
      "/a/K7MPQ2XZ",
      "/agentContracts/myIncome",
      "/agent/team-overview",
      "/agent/income",
    ])
      expect(isSitePath(p), p).toBe(true);
    for (const p of [
      "/nope",
      "/rng/other",
      "/casino/hot",
      "/rng/vassalage/JILI/x",
      "/member/wallet",
      "/depositv3",
      "/a/K7MPQ2XZ/x",
      "/agentContracts/my-income/x",
      "/agent/income/x",
      "/agent/Team_1",
    ])
      expect(isSitePath(p), p).toBe(false);
  });

  it("gives every agent-centre page its own address, one per page of the menu", () => {
    expect(new Set(AGENT_CENTRE_PAGES.map((p) => p.id))).toEqual(new Set(Object.keys(AGENT_PAGE_SLUGS)));
    const slugs = Object.values(AGENT_PAGE_SLUGS);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const p of AGENT_CENTRE_PAGES) {
      expect(isSitePath(agentPagePath(p.id)), p.id).toBe(true);
      expect(agentPageOfSlug(agentPagePath(p.id).slice("/agent/".length))).toBe(p.id);
    }
  });
});
