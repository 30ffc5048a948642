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
const CdnBox = z.string().superRefine((text, ctx) => {
  const lines = parseCdnLines(text);
  const r = CdnList.safeParse(lines);
  if (r.success) return;
  const issue = r.error.issues[0];
  const line = typeof issue?.path[0] === "number" ? ` (line ${issue.path[0] + 1})` : "";
  ctx.addIssue({ code: "custom", message: `${issue?.message ?? "Not valid"}${line}` });
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
      toast.success("Saved the CDN lists.");
    } catch (err) {
      if (!applyServerFieldErrors(err, form)) toast.error("The CDN lists could not be saved.");
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
            label="Game launch CDNs"
            hint="One https:// address per line, up to 20. Each launch of an in-house game is served from one of them, picked at random; empty: from this site's own address."
            rows={5}
            testId="cdn-launch"
          />
          <TextAreaField
            name="imageCDNs"
            label="Image CDNs"
            hint="One https:// address per line, up to 20. The player site loads game images through one of them, picked at random per visit; empty: from this site."
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
      <PageHeader
        title="CDNs"
        description="Content delivery addresses for game launches and images (the permission response's launchGameCDNs and imageCDNs)."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={both}>
        {(value) => <CdnEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
