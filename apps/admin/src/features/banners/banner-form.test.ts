import { describe, expect, it } from "vitest";
import { BannerForm, bannerToForm } from "./banner-form.ts";

const values = (linkageType: "" | "ROUTE" | "URL" | "GAME", linkage: string, external = false) => ({
  ...bannerToForm(null, "home"),
  imageUrl: "/media/1",
  alt: { TY: "a", EN: "a", CN: "", VI: "", TH: "", ID: "", JA: "" },
  linkageType,
  linkage,
  external,
});

const problems = (v: ReturnType<typeof values>) => {
  const r = BannerForm.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.path.join("."));
};

describe("the banner editor's link", () => {
  it("refuses a site page that is not a single-slash path", () => {
    for (const link of ["//evil.example", "/\\evil.example", "javascript:alert(1)", "promo"]) {
      expect(problems(values("ROUTE", link)), link).toContain("linkage");
    }
    expect(problems(values("ROUTE", "/promotions"))).toEqual([]);
  });

  it("asks for the External tick before an address may leave the site, and sends it", () => {
    expect(problems(values("URL", "https://partner.example"))).toContain("external");
    const ok = BannerForm.parse(values("URL", "https://partner.example", true));
    expect(ok).toMatchObject({ linkageType: "URL", linkage: "https://partner.example", external: true });
    expect(BannerForm.parse(values("ROUTE", "/promotions", true)).external).toBe(false);
  });
});
