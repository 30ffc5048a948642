import { zodResolver } from "@hookform/resolvers/zod";
import { WinnerBoardSettings } from "@panalo/contracts/admin";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { TextField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { winnersSetting } from "./settings-api.ts";

type Value = z.output<typeof WinnerBoardSettings>;

/** The winner ticker and board list real wins only, from the operator's minimum up. */
function WinnersEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const save = winnersSetting.useSave();
  const form = useForm<Value>({ resolver: zodResolver(WinnerBoardSettings), defaultValues: initial });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(saved);
        toast.success("Saved the winner board settings.");
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
            label="Smallest win shown (₱)"
            hint="A win below this amount is not listed on the home page's winner ticker or the slots page's winner board. Never zero: a 0.00 win is a losing round."
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
  const canWrite = useCanWrite("winners");
  const setting = winnersSetting.useValue();
  return (
    <>
      <PageHeader
        title="Winner board"
        description="Which wins the site shows to players as winners: real wins only, from this amount up."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <WinnersEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
