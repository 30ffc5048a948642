import { AdminBanner, AdminBannerInput } from "@panalo/contracts/admin";
import { BannerGroup } from "@panalo/contracts/content";
import { linkKind } from "@panalo/contracts/links";
import { z } from "zod";
import type { CrudResource } from "../../lib/crud.ts";
import { isoToLocalInput, localInputToIso } from "../../lib/dates.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { checkWindow, sortOrderSchema } from "../notices/notice-form.ts";

export const bannersResource: CrudResource<AdminBanner> = {
  key: ["banners"],
  path: "/banners",
  row: AdminBanner,
};

/** Where each banner group appears on the player site. */
export const BANNER_GROUP_LABELS: Record<BannerGroup, string> = {
  home: "Home carousel",
  rng: "Slots",
  live: "Live casino",
  fish: "Fishing",
  pvp: "Card games (PvP)",
  sports: "Sports",
  esports: "E-sports",
  lottery: "Lottery",
  download: "App download",
  promotions: "Promotions",
  shop: "Shop",
  help: "Help centre",
  ybg: "YBG",
  pg: "PG",
  w_login: "Welcome: after login",
  w_reg: "Welcome: after registration",
  w_deposit20: "Welcome: deposit offer",
  w_bet20: "Welcome: bet offer",
};

export const BANNER_GROUP_OPTIONS = BannerGroup.options.map((g) => ({
  value: g,
  label: `${BANNER_GROUP_LABELS[g]} (${g})`,
}));

export const LINK_TYPE_OPTIONS = [
  { value: "", label: "No link" },
  { value: "ROUTE", label: "Site page (ROUTE)" },
  { value: "URL", label: "Web address, new tab (URL)" },
  { value: "GAME", label: "Launch a game (GAME)" },
];

export const LINK_HINTS: Record<string, string> = {
  "": "The image is not clickable.",
  ROUTE: "A path on the site, starting with /, e.g. /promotions.",
  URL: "A site page starting with /, or a full https:// address when the link is marked external.",
  GAME: "The game's code as the game catalogue knows it.",
};

/** A caption left empty in every language is no caption. */
function captionOf(form: Parameters<typeof fromLocalizedForm>[0]) {
  return Object.values(form).some((v) => v !== "") ? fromLocalizedForm(form) : null;
}

export const BannerForm = z
  .object({
    groupName: BannerGroup,
    imageUrl: z.string().trim().min(1, "Upload an image or give its address").max(500),
    alt: localizedFormSchema(true, 300),
    title: localizedFormSchema(false, 80),
    subtitle: localizedFormSchema(false, 120),
    linkageType: z.enum(["", "ROUTE", "URL", "GAME"]),
    linkage: z.string().trim().max(500),
    sortOrder: sortOrderSchema,
    enabled: z.boolean(),
    external: z.boolean(),
    startsAt: z.string(),
    endsAt: z.string(),
  })
  .superRefine((f, ctx) => {
    checkWindow(f, ctx);
    if (f.linkageType && !f.linkage) {
      ctx.addIssue({ code: "custom", path: ["linkage"], message: "Give the link target, or choose No link" });
    }
    // The platform refuses the same links; saying so here saves a round trip.
    const kind = f.linkage ? linkKind(f.linkage) : null;
    if (f.linkageType === "ROUTE" && f.linkage && kind !== "internal") {
      ctx.addIssue({
        code: "custom",
        path: ["linkage"],
        message: "A site page starts with a single / (not // or /\\)",
      });
    }
    if (
      f.linkageType === "URL" &&
      f.linkage &&
      (kind === "invalid" || (kind === "external" && !/^https?:\/\//.test(f.linkage)))
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["linkage"],
        message: "A site page starting with / or a full https:// address",
      });
    }
    if (f.linkageType === "URL" && kind === "external" && !f.external) {
      ctx.addIssue({
        code: "custom",
        path: ["external"],
        message: "This address leaves the site: tick External link",
      });
    }
  })
  .transform((f) => ({
    groupName: f.groupName,
    imageUrl: f.imageUrl,
    alt: fromLocalizedForm(f.alt),
    title: captionOf(f.title),
    subtitle: captionOf(f.subtitle),
    linkageType: f.linkageType === "" ? null : f.linkageType,
    linkage: f.linkageType === "" ? null : f.linkage,
    external: f.linkageType === "URL" && f.external,
    sortOrder: f.sortOrder,
    enabled: f.enabled,
    startsAt: localInputToIso(f.startsAt),
    endsAt: localInputToIso(f.endsAt),
  }))
  .pipe(AdminBannerInput.required({ external: true, title: true, subtitle: true }));

export type BannerFormValues = z.input<typeof BannerForm>;
export type BannerInput = z.output<typeof BannerForm>;

export function bannerToForm(banner: AdminBanner | null, group: BannerGroup): BannerFormValues {
  return {
    groupName: banner?.groupName ?? group,
    imageUrl: banner?.imageUrl ?? "",
    alt: toLocalizedForm(banner?.alt),
    title: toLocalizedForm(banner?.title ?? undefined),
    subtitle: toLocalizedForm(banner?.subtitle ?? undefined),
    linkageType: banner?.linkageType ?? "",
    linkage: banner?.linkage ?? "",
    external: banner?.external ?? false,
    sortOrder: banner?.sortOrder ?? 0,
    enabled: banner?.enabled ?? true,
    startsAt: isoToLocalInput(banner?.startsAt ?? null),
    endsAt: isoToLocalInput(banner?.endsAt ?? null),
  };
}
