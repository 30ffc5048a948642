import { AdminBanner, AdminBannerInput } from "@panalo/contracts/admin";
import { BannerGroup } from "@panalo/contracts/content";
import { linkKind } from "@panalo/contracts/links";
import { z } from "zod";
import type { CrudResource } from "../../lib/crud.ts";
import { isoToLocalInput, localInputToIso } from "../../lib/dates.ts";
import { t } from "../../lib/i18n.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { checkWindow, sortOrderSchema } from "../notices/notice-form.ts";

export const bannersResource: CrudResource<AdminBanner> = {
  key: ["banners"],
  path: "/banners",
  row: AdminBanner,
};

/** A caption left empty in every language is no caption. */
function captionOf(form: Parameters<typeof fromLocalizedForm>[0]) {
  return Object.values(form).some((v) => v !== "") ? fromLocalizedForm(form) : null;
}

export const BannerForm = z
  .object({
    groupName: BannerGroup,
    imageUrl: z
      .string()
      .trim()
      .min(1, { error: () => t("bannerForm.err.image") })
      .max(500),
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
      ctx.addIssue({ code: "custom", path: ["linkage"], message: t("bannerForm.err.target") });
    }
    // The platform refuses the same links; saying so here saves a round trip.
    const kind = f.linkage ? linkKind(f.linkage) : null;
    if (f.linkageType === "ROUTE" && f.linkage && kind !== "internal") {
      ctx.addIssue({
        code: "custom",
        path: ["linkage"],
        message: t("bannerForm.err.route"),
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
        message: t("bannerForm.err.url"),
      });
    }
    if (f.linkageType === "URL" && kind === "external" && !f.external) {
      ctx.addIssue({
        code: "custom",
        path: ["external"],
        message: t("bannerForm.err.external"),
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
