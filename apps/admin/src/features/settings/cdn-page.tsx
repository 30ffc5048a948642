import { zodResolver } from "@hookform/resolvers/zod";
import { CdnList } from "@panalo/contracts/admin";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { TextAreaField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { api } from "../../lib/api.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { t as text, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { imageCdnSetting, launchCdnSetting } from "./settings-api.ts";

/** One address per line; blank lines are ignored, so an empty box means none. */
export function parseCdnLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** The box's text checked as the platform checks the list, the first problem with its line. */
const CdnBox = z.string().superRefine((box, ctx) => {
  const lines = parseCdnLines(box);
  const r = CdnList.safeParse(lines);
  if (r.success) return;
  const issue = r.error.issues[0];
  const line = typeof issue?.path[0] === "number" ? text("settings.cdn.line", { n: issue.path[0] + 1 }) : "";
  ctx.addIssue({ code: "custom", message: `${issue?.message ?? text("settings.cdn.invalid")}${line}` });
});
const CdnForm = z.object({ launchGameCDNs: CdnBox, imageCDNs: CdnBox }).transform((f) => ({
  launchGameCDNs: parseCdnLines(f.launchGameCDNs),
  imageCDNs: parseCdnLines(f.imageCDNs),
}));
type FormValues = z.input<typeof CdnForm>;
type Value = z.output<typeof CdnForm>;

const toForm = (v: Value): FormValues => ({
  launchGameCDNs: v.launchGameCDNs.join("\n"),
  imageCDNs: v.imageCDNs.join("\n"),
});

function CdnEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const form = useForm<FormValues, unknown, Value>({
    resolver: zodResolver(CdnForm),
    defaultValues: toForm(initial),
  });
  // Each list is its own setting (and audit entry); only a changed list is sent.
  const onSubmit = form.handleSubmit(async (value) => {
    setSaving(true);
    try {
      const dirty = form.formState.dirtyFields;
      const [launch, image] = await Promise.all([
        dirty.launchGameCDNs
          ? api.put("/settings/launch-cdns", value.launchGameCDNs, CdnList)
          : Promise.resolve(value.launchGameCDNs),
        dirty.imageCDNs
          ? api.put("/settings/image-cdns", value.imageCDNs, CdnList)
          : Promise.resolve(value.imageCDNs),
      ]);
      queryClient.setQueryData(launchCdnSetting.queryKey, launch);
      queryClient.setQueryData(imageCdnSetting.queryKey, image);
      form.reset(toForm({ launchGameCDNs: launch, imageCDNs: image }));
      toast.success(t("settings.cdn.saved"));
    } catch (err) {
      if (!applyServerFieldErrors(err, form)) toast.error(t("settings.cdn.saveFailed"));
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          <TextAreaField
            name="launchGameCDNs"
            label={t("settings.cdn.launch")}
            hint={t("settings.cdn.launchHint")}
            rows={5}
            testId="cdn-launch"
          />
          <TextAreaField
            name="imageCDNs"
            label={t("settings.cdn.image")}
            hint={t("settings.cdn.imageHint")}
            rows={5}
            testId="cdn-image"
          />
        </fieldset>
        <SaveBar saving={saving} dirty={form.formState.isDirty} canWrite={canWrite} testId="cdn-save" />
      </form>
    </FormProvider>
  );
}

export function CdnPage() {
  const t = useT();
  const canWrite = useCanWrite("cdns");
  const launch = launchCdnSetting.useValue();
  const image = imageCdnSetting.useValue();
  const both = {
    data: launch.data && image.data ? { launchGameCDNs: launch.data, imageCDNs: image.data } : undefined,
    isError: launch.isError || image.isError,
    refetch: () => Promise.all([launch.refetch(), image.refetch()]),
  };
  return (
    <>
      <PageHeader title={t("settings.cdn.title")} description={t("settings.cdn.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={both}>
        {(value) => <CdnEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
