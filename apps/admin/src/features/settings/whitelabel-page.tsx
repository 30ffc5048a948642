import type { WhitelabelSettings } from "@panalo/contracts/admin";
import { type ModuleId, ModuleIds } from "@panalo/contracts/content";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { CheckboxField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { whitelabelSetting } from "./settings-api.ts";

type Value = z.output<typeof WhitelabelSettings>;
type Switches = Record<ModuleId, boolean>;

/** What each module switch does on the player site (spec §3 menu tree). */
const MODULES: Record<ModuleId, { label: TextKey; hint: TextKey; group: TextKey }> = {
  MOBILENUMREG3: {
    label: "settings.modules.mobilenumreg3",
    hint: "settings.modules.mobilenumreg3Hint",
    group: "settings.modules.group.registration",
  },
  REGMOBVERF3: {
    label: "settings.modules.regmobverf3",
    hint: "settings.modules.regmobverf3Hint",
    group: "settings.modules.group.registration",
  },
  MOBILENUMPASSREG3: {
    label: "settings.modules.mobilenumpassreg3",
    hint: "settings.modules.mobilenumpassreg3Hint",
    group: "settings.modules.group.registration",
  },
  USERNAMEREG3: {
    label: "settings.modules.usernamereg3",
    hint: "settings.modules.usernamereg3Hint",
    group: "settings.modules.group.registration",
  },
  FREEPLAY3: {
    label: "settings.modules.freeplay3",
    hint: "settings.modules.freeplay3Hint",
    group: "settings.modules.group.play",
  },
  PWDEXPFORCECHANGE3: {
    label: "settings.modules.pwdexpforcechange3",
    hint: "settings.modules.pwdexpforcechange3Hint",
    group: "settings.modules.group.login",
  },
  MOBILEVERCODELOGIN3: {
    label: "settings.modules.mobilevercodelogin3",
    hint: "settings.modules.mobilevercodelogin3Hint",
    group: "settings.modules.group.login",
  },
  CHNGPASSVERIF3: {
    label: "settings.modules.chngpassverif3",
    hint: "settings.modules.chngpassverif3Hint",
    group: "settings.modules.group.login",
  },
  CHNGPASSMAIL3: {
    label: "settings.modules.chngpassmail3",
    hint: "settings.modules.chngpassmail3Hint",
    group: "settings.modules.group.login",
  },
  CBS3: {
    label: "settings.modules.cbs3",
    hint: "settings.modules.cbs3Hint",
    group: "settings.modules.group.service",
  },
  AGENTPOLICY3: {
    label: "settings.modules.agentpolicy3",
    hint: "settings.modules.agentpolicy3Hint",
    group: "settings.modules.group.service",
  },
};
const GROUPS = [...new Set(ModuleIds.map((id) => MODULES[id].group))];

function WhitelabelEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const t = useT();
  const save = whitelabelSetting.useSave();
  const toForm = (v: Value): { switches: Switches } => ({ switches: v.switches });
  const form = useForm<{ switches: Switches }>({ defaultValues: toForm(initial) });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success(t("settings.modules.saved"));
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate className="panel form-stack">
        <fieldset disabled={!canWrite} className="plain-fieldset form-stack">
          {GROUPS.map((group) => (
            <fieldset key={group} className="switch-group">
              <legend className="subheading">{t(group)}</legend>
              {ModuleIds.filter((id) => MODULES[id].group === group).map((id) => (
                <CheckboxField
                  key={id}
                  name={`switches.${id}`}
                  testId={`whitelabel-${id}`}
                  label={
                    <>
                      {t(MODULES[id].label)} <code className="code-tag">{id}</code>
                    </>
                  }
                  hint={t(MODULES[id].hint)}
                />
              ))}
            </fieldset>
          ))}
        </fieldset>
        <SaveBar
          saving={save.isPending}
          dirty={form.formState.isDirty}
          canWrite={canWrite}
          testId="whitelabel-save"
        />
      </form>
    </FormProvider>
  );
}

export function WhitelabelPage() {
  const t = useT();
  const canWrite = useCanWrite("whitelabel");
  const setting = whitelabelSetting.useValue();
  return (
    <>
      <PageHeader title={t("settings.modules.title")} description={t("settings.modules.description")} />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <WhitelabelEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
