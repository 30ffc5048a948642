import type { WhitelabelSettings } from "@panalo/contracts/admin";
import { type ModuleId, ModuleIds } from "@panalo/contracts/content";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { CheckboxField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import { SaveBar, SettingLoader } from "./setting-page-frame.tsx";
import { whitelabelSetting } from "./settings-api.ts";

type Value = z.output<typeof WhitelabelSettings>;
type Switches = Record<ModuleId, boolean>;

/** What each module switch does on the player site (spec §3 menu tree). */
const MODULES: Record<ModuleId, { label: string; hint: string; group: string }> = {
  MOBILENUMREG3: {
    label: "Mobile registration",
    hint: "Players can register with a mobile number.",
    group: "Registration",
  },
  REGMOBVERF3: {
    label: "Mobile verification code on registration",
    hint: "An SMS code confirms a number given on the username tab (the mobile tab always confirms its number).",
    group: "Registration",
  },
  MOBILENUMPASSREG3: {
    label: "Mobile registration password",
    hint: "Mobile registration also asks for a password.",
    group: "Registration",
  },
  USERNAMEREG3: {
    label: "Username registration",
    hint: "Players can register with a username and password.",
    group: "Registration",
  },
  FREEPLAY3: { label: "Trial play", hint: "Visitors can try games without an account.", group: "Play" },
  PWDEXPFORCECHANGE3: {
    label: "Force change of expired password",
    hint: "Players with an expired password must choose a new one.",
    group: "Login and password",
  },
  MOBILEVERCODELOGIN3: {
    label: "Mobile code login",
    hint: "Players can log in with an SMS code instead of a password.",
    group: "Login and password",
  },
  CHNGPASSVERIF3: {
    label: "Forgot password by phone",
    hint: "Reset a forgotten password with an SMS code.",
    group: "Login and password",
  },
  CHNGPASSMAIL3: {
    label: "Forgot password by e-mail",
    hint: "Reset a forgotten password with an e-mail link.",
    group: "Login and password",
  },
  CBS3: { label: "Customer service chat", hint: "Show the customer service chat button.", group: "Service" },
  AGENTPOLICY3: {
    label: "Agent policy page",
    hint: "Publish the agent programme policy page.",
    group: "Service",
  },
};
const GROUPS = [...new Set(ModuleIds.map((id) => MODULES[id].group))];

function WhitelabelEditor({ initial, canWrite }: { initial: Value; canWrite: boolean }) {
  const save = whitelabelSetting.useSave();
  const toForm = (v: Value): { switches: Switches } => ({ switches: v.switches });
  const form = useForm<{ switches: Switches }>({ defaultValues: toForm(initial) });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success("Saved module switches.");
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
              <legend className="subheading">{group}</legend>
              {ModuleIds.filter((id) => MODULES[id].group === group).map((id) => (
                <CheckboxField
                  key={id}
                  name={`switches.${id}`}
                  testId={`whitelabel-${id}`}
                  label={
                    <>
                      {MODULES[id].label} <code className="code-tag">{id}</code>
                    </>
                  }
                  hint={MODULES[id].hint}
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
  const canWrite = useCanWrite("whitelabel");
  const setting = whitelabelSetting.useValue();
  return (
    <>
      <PageHeader
        title="Modules"
        description="Turn player-site features on and off. Changes apply on the players' next page load."
      />
      {!canWrite && <ReadOnlyNote />}
      <SettingLoader query={setting}>
        {(value) => <WhitelabelEditor initial={value} canWrite={canWrite} />}
      </SettingLoader>
    </>
  );
}
