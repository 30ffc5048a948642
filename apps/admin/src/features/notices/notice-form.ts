import { AdminNotice, AdminNoticeInput } from "@panalo/contracts/admin";
import { AnnouncementType } from "@panalo/contracts/content";
import { z } from "zod";
import type { CrudResource } from "../../lib/crud.ts";
import { isoToLocalInput, localInputToIso } from "../../lib/dates.ts";
import { t } from "../../lib/i18n.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";

export const noticesResource: CrudResource<AdminNotice> = {
  key: ["notices"],
  path: "/notices",
  row: AdminNotice,
};

// Messages are looked up when a form is checked, so they are in the operator's language then.
export const sortOrderSchema = z
  .number({ error: () => t("form.err.wholeNumber") })
  .int({ error: () => t("form.err.wholeNumber") })
  .min(0, { error: () => t("form.err.minValue", { n: 0 }) })
  .max(100_000, { error: () => t("form.err.atMost", { n: 100000 }) });

/** A start and end in datetime-local form: the end, when both are set, must come after the start. */
export function checkWindow(w: { startsAt: string; endsAt: string }, ctx: z.RefinementCtx): void {
  if (w.startsAt && w.endsAt && new Date(w.endsAt) <= new Date(w.startsAt)) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: t("form.err.endAfterStart") });
  }
}

/** The editor's values, checked, then turned into the contract's input and checked again by it. */
export const NoticeForm = z
  .object({
    type: AnnouncementType,
    title: localizedFormSchema(true, 500),
    content: localizedFormSchema(true),
    startsAt: z.string(),
    endsAt: z.string(),
    sortOrder: sortOrderSchema,
    enabled: z.boolean(),
    external: z.boolean(),
    audience: z.enum(["all", "agents"]),
  })
  .superRefine(checkWindow)
  .transform((f) => ({
    type: f.type,
    title: fromLocalizedForm(f.title),
    content: fromLocalizedForm(f.content),
    startsAt: localInputToIso(f.startsAt),
    endsAt: localInputToIso(f.endsAt),
    sortOrder: f.sortOrder,
    enabled: f.enabled,
    external: f.external,
    audience: f.audience,
  }))
  .pipe(AdminNoticeInput.required({ external: true, audience: true }));

export type NoticeFormValues = z.input<typeof NoticeForm>;
export type NoticeInput = z.output<typeof NoticeForm>;

export function noticeToForm(notice: AdminNotice | null): NoticeFormValues {
  return {
    type: notice?.type ?? "B",
    title: toLocalizedForm(notice?.title),
    content: toLocalizedForm(notice?.content),
    startsAt: isoToLocalInput(notice?.startsAt ?? null),
    endsAt: isoToLocalInput(notice?.endsAt ?? null),
    sortOrder: notice?.sortOrder ?? 0,
    enabled: notice?.enabled ?? true,
    external: notice?.external ?? false,
    audience: notice?.audience ?? "all",
  };
}
