import { zodResolver } from "@hookform/resolvers/zod";
import { WinnerBoardSettings } from "@panalo/contracts/admin";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { winnersSetting } from "./settings-api.ts";

type Value = z.output<typeof WinnerBoardSettings>;

/** The winner ticker and board list real wins only, from the operator's minimum up. */
function WinnersEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const save = winnersSetting.useSave();
  const form = useForm<Value>({ resolver: zodResolver(WinnerBoardSettings), defaultValues: initial });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success(t("settings.winners.saved"));
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          <TextField
            name="minWinShown"
            label={t("settings.winners.min")}
            hint={t("settings.winners.minHint")}
            inputMode="decimal"
            required
            testId="winners-min"
          />
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="winners-save"
        />
      </form>
    </FormProvider>
  );
}

export function WinnersPage() {
  const t = useT();
  const canWrite = useCanWrite("winners");
  const setting = winnersSetting.useValue();
  return (
    <>
      <PageHeader title={t("settings.winners.title")} description={t("settings.winners.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <WinnersEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
