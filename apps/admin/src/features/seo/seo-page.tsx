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
import { fromLocalizedForm, localizedFormSchema, toLocalizedForm } from "../../lib/localized.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "../settings/setting-page-frame.tsx";

type Entry = z.infer<typeof AdminSeoEntry>;
const seoKey = ["seo"] as const;

const EntryForm = z.object({
  path: z
    .string()
    .trim()
    .regex(/^\/[A-Za-z0-9/_-]*$/, "A site path starting with /, e.g. /promotions"),
  title: localizedFormSchema(true, 200),
  description: localizedFormSchema(false, 500),
});

const SeoForm = z
  .object({ entries: z.array(EntryForm).max(500) })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.entries.forEach((e, i) => {
      if (seen.has(e.path))
        ctx.addIssue({ code: "custom", path: ["entries", i, "path"], message: "This path is listed twice" });
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
  return (
    <span className="seo-summary">
      <code>{typeof path === "string" && path ? path : "(new path)"}</code>
      <span className="muted">{typeof title === "string" ? title : ""}</span>
      {pathError && <span className="field-error">{pathError}</span>}
    </span>
  );
}

function SeoEditor({ initial, canWrite }: { initial: Entry[]; canWrite: boolean }) {
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
      toast.success("Saved search texts.");
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
              <p className="empty-state-title">No search texts yet.</p>
              <p>Pages without one use the site name as their title.</p>
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
                    label="Path"
                    required
                    spellCheck={false}
                    placeholder="/promotions"
                  />
                  <button
                    type="button"
                    className="btn btn--sm btn--danger-ghost"
                    onClick={() => entries.remove(index)}
                  >
                    Remove
                  </button>
                </div>
                <LocalizedEditor
                  required
                  fields={[
                    { base: `entries.${index}.title`, label: "Title", kind: "text", maxLength: 200 },
                    { base: `entries.${index}.description`, label: "Description", kind: "textarea" },
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
                Add a page
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
  const canWrite = useCanWrite("seo");
  const seo = useQuery({ queryKey: seoKey, queryFn: ({ signal }) => api.get("/seo", AdminSeoValue, signal) });
  return (
    <>
      <PageHeader
        title="Search texts"
        description="The title and description search engines and browser tabs show for each page. The whole list is saved at once."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={seo}>{(list) => <SeoEditor initial={list} canWrite={canWrite} />}</SettingLoader>
    </>
  );
}
