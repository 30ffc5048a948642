import { zodResolver } from "@hookform/resolvers/zod";
import { type AdminSeoEntry, AdminSeoValue } from "@panalo/contracts/admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { TextField, useFieldError } from "../../components/form-fields.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { api } from "../../lib/api.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { t as tr, useT } from "../../lib/i18n.ts";
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "../settings/setting-page-frame.tsx";

type Entry = z.infer<typeof AdminSeoEntry>;
const seoKey = ["seo"] as const;
/** An example path, the same in every language. */
const PATH_EXAMPLE = "/promotions";

const EntryForm = z.object({
  path: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9/_-]*$/, { error: () => tr("seo.pathBad") }),
  title: localizedFormSchema(true, 200),
  description: localizedFormSchema(false, 500),
});

const SeoForm = z
  .object({ entries: z.array(EntryForm).max(500) })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.entries.forEach((e, i) => {
      if (seen.has(e.path))
        ctx.addIssue({ code: "custom", path: ["entries", i, "path"], message: tr("seo.pathTwice") });
      seen.add(e.path);
    });
  })
  .transform((f) =>
    f.entries.map((e) => ({
      path: e.path,
      title: fromLocalizedForm(e.title),
      description: fromLocalizedForm(e.description),
    })),
  )
  .pipe(AdminSeoValue);
type FormValues = z.input<typeof SeoForm>;

const toForm = (list: readonly Entry[]): FormValues => ({
  entries: list.map((e) => ({
    path: e.path,
    title: toLocalizedForm(e.title),
    description: toLocalizedForm(e.description),
  })),
});

function EntrySummary({ index }: { index: number }) {
  const path: unknown = useWatch({ name: `entries.${index}.path` });
  const title: unknown = useWatch({ name: `entries.${index}.title.EN` });
  const pathError = useFieldError(`entries.${index}.path`);
  const t = useT();
  return (
    <span className="seo-summary">
      <code>{typeof path === "string" && path ? path : t("seo.newPath")}</code>
      <span className="muted">{typeof title === "string" ? title : ""}</span>
      {pathError && <span className="field-error">{pathError}</span>}
    </span>
  );
}

function SeoEditor({ initial, canWrite }: { initial: Entry[]; canWrite: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useForm<FormValues, unknown, Entry[]>({
    resolver: zodResolver(SeoForm),
    defaultValues: toForm(initial),
  });
  const entries = useFieldArray({ control: form.control, name: "entries" });
  const save = useMutation({
    mutationFn: (list: Entry[]) => api.put("/seo", list, AdminSeoValue),
    onSuccess: (saved) => {
      queryClient.setQueryData(seoKey, saved);
      form.reset(toForm(saved));
      toast.success(t("seo.saved"));
    },
    // The API body is the bare list, so its paths ("0.path") live under "entries" in the form.
    onError: (err) => applyServerFieldErrors(err, form, "entries."),
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit((list) => save.mutate(list))} noValidate className="form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          {entries.fields.length === 0 && (
            <div className="panel empty-state">
              <p className="empty-state-title">{t("seo.empty")}</p>
              <p>{t("seo.emptyText")}</p>
            </div>
          )}
          {entries.fields.map((field, index) => (
            <details key={field.id} className="panel seo-entry" open={field.path === ""}>
              <summary>
                <EntrySummary index={index} />
              </summary>
              <div className="form-stack seo-entry-body">
                <div className="seo-entry-head">
                  <TextField
                    name={`entries.${index}.path`}
                    label={t("seo.path")}
                    required
                    spellCheck={false}
                    placeholder={PATH_EXAMPLE}
                  />
                  <button
                    type="button"
                    className="btn btn--sm btn--danger-ghost"
                    onClick={() => entries.remove(index)}
                  >
                    {t("seo.remove")}
                  </button>
                </div>
                <LocalizedEditor
                  required
                  fields={[
                    {
                      base: `entries.${index}.title`,
                      label: t("seo.titleField"),
                      kind: "text",
                      maxLength: 200,
                    },
                    {
                      base: `entries.${index}.description`,
                      label: t("seo.descriptionField"),
                      kind: "textarea",
                    },
                  ]}
                />
              </div>
            </details>
          ))}
          {canWrite && (
            <div>
              <button
                type="button"
                className="btn"
                onClick={() =>
                  entries.append({
                    path: "",
                    title: toLocalizedForm(undefined),
                    description: toLocalizedForm(undefined),
                  })
                }
              >
                {t("seo.add")}
              </button>
            </div>
          )}
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="seo-save"
        />
      </form>
    </FormProvider>
  );
}

export function SeoPage() {
  const t = useT();
  const canWrite = useCanWrite("seo");
  const seo = useQuery({ queryKey: seoKey, queryFn: ({ signal }) => api.get("/seo", AdminSeoValue, signal) });
  return (
    <>
      <PageHeader title={t("seo.title")} description={t("seo.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={seo}>{(list) => <SeoEditor initial={list} canWrite={canWrite} />}</SettingLoader>
    </>
  );
}
