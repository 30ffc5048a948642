import type { Banner } from "@panalo/contracts/content";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { BannerLink } from "./banner-carousel.tsx";

const banner = (linkageType: Banner["linkageType"], linkage: string | null, external: boolean): Banner => ({
  bannerId: 1,
  groupName: "home",
  url: "/media/1",
  linkageType,
  linkage,
  external,
  alt: "promo",
});

const render = (b: Banner) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <BannerLink banner={b}>
        <img src={b.url} alt={b.alt} />
      </BannerLink>
    </MemoryRouter>,
  );

describe("banner links", () => {
  it("opens an address the operator marked external in a new tab, without opener or referrer", () => {
    const html = render(banner("URL", "https://partner.example/promo", true));
    expect(html).toContain('href="https://partner.example/promo"');
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it("does not follow an address that leaves the site unless it was marked external", () => {
    expect(render(banner("URL", "https://partner.example/promo", false))).not.toContain("<a");
  });

  it("keeps an in-site route in the site", () => {
    const html = render(banner("ROUTE", "/promotions", false));
    expect(html).toContain('href="/promotions"');
    expect(html).not.toContain("_blank");
  });

  it("never navigates to a protocol-relative, backslash or script link, even one stored earlier", () => {
    for (const link of [
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      " /x",
      "/\t/evil.example",
    ]) {
      for (const type of ["ROUTE", "URL"] as const) {
        for (const external of [false, true]) {
          const html = render(banner(type, link, external));
          expect(html, `${type} ${link} ${external}`).not.toContain("<a");
        }
      }
    }
  });

  it("opens a game banner in the site", () => {
    expect(render(banner("GAME", "MANGO", false))).toContain('href="/game?gameCode=MANGO"');
  });
});
