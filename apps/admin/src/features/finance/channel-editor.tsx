import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { MoneyField } from "../../components/amount-fields.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField, TextField } from "../../components/form-fields.tsx";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";
import { ChannelForm, type ChannelFormValues, type ChannelInput, channelToForm } from "./channel-form.ts";
import {
  ADAPTER_LABELS,
  ADAPTER_SECRETS,
  BANK_FIELDS,
  type Channel,
  channelsResource,
  SECRET_MASK,
} from "./channels-api.ts";

export const KIND_LABELS = {
  bank: "channel.kind.bank",
  gateway: "channel.kind.gateway",
} as const satisfies Record<string, TextKey>;

function BankAccountFields() {
  const t = useT();
  return (
    <fieldset className="plain-fieldset form-stack">
      <h3 className="subheading">{t("channel.bankAccount")}</h3>
      <p className="muted">{t("channel.bankAccountHelp")}</p>
      <div className="form-grid form-grid--3">
        {BANK_FIELDS.map((f) => (
          <TextField
            key={f.key}
            name={`bank.${f.key}`}
            label={t(f.label)}
            hint={t(f.hint)}
            required
            autoComplete="off"
            inputMode={f.key === "accountNumber" ? "numeric" : undefined}
            testId={`channel-bank-${f.key}`}
          />
        ))}
      </div>
    </fieldset>
  );
}

function GatewayFields({ adapter, isNew }: { adapter: ChannelFormValues["adapter"]; isNew: boolean }) {
  const t = useT();
  return (
    <fieldset className="plain-fieldset form-stack">
      <h3 className="subheading">{t("channel.gateway")}</h3>
      <SelectField
        name="adapter"
        label={t("channel.gateway")}
        required
        options={[
          { value: "", label: t("channel.choose") },
          ...(["sandbox", "paymongo"] as const).map((a) => ({ value: a, label: t(ADAPTER_LABELS[a]) })),
        ]}
        testId="channel-adapter"
      />
      {adapter && (
        <div className="form-grid form-grid--2">
          {ADAPTER_SECRETS[adapter].map((s) => (
            <TextField
              key={s.key}
              name={`secrets.${s.key}`}
              label={t(s.label)}
              type={s.key === "live" ? "text" : "password"}
              autoComplete="new-password"
              required
              hint={isNew ? undefined : t("channel.keepSecret", { mask: SECRET_MASK })}
              testId={`channel-secret-${s.key}`}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

export function ChannelEditor({
  channel,
  readOnly,
  onClose,
  onReloaded,
}: {
  /** null adds a channel. */
  channel: Channel | null;
  readOnly: boolean;
  onClose: () => void;
  onReloaded: (fresh: Channel) => void;
}) {
  const t = useT();
  const amountHint = t("channel.amountHint");
  const formId = useId();
  const form = useForm<ChannelFormValues, unknown, ChannelInput>({
    resolver: zodResolver(ChannelForm),
    defaultValues: channelToForm(channel),
  });
  const { submit, isSaving } = useEntitySubmit({
    resource: channelsResource,
    entity: channel,
    form,
    toForm: channelToForm,
    noun: "entity.paymentChannel",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const adapter = useWatch({ control: form.control, name: "adapter" });

  return (
    <Dialog
      title={channel ? t("channel.editTitle", { name: channel.name }) : t("channel.newTitle")}
      size="lg"
      onClose={onClose}
      busy={isSaving}
      testId="channel-editor"
      footer={
        <EditorFooter
          formId={formId}
          saving={isSaving}
          readOnly={readOnly}
          onCancel={onClose}
          saveTestId="channel-save"
        />
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={submit} noValidate className="form-stack">
          <fieldset disabled={readOnly} className="plain-fieldset form-stack">
            <div className="form-grid form-grid--3">
              <TextField
                name="name"
                label={t("channel.name")}
                hint={t("channel.nameHint")}
                required
                testId="channel-name"
              />
              <TextField
                name="code"
                label={t("channel.code")}
                hint={channel ? t("channel.codeFixed") : t("channel.codeHint")}
                required
                readOnly={channel !== null}
                autoCapitalize="none"
                spellCheck={false}
                testId="channel-code"
              />
              {channel ? (
                // The kind is fixed once created: deposits already made depend on it.
                <div className="field">
                  <span className="field-label">{t("channel.kind")}</span>
                  <p>{t(KIND_LABELS[channel.kind])}</p>
                </div>
              ) : (
                <SelectField
                  name="kind"
                  label={t("channel.kind")}
                  options={(["bank", "gateway"] as const).map((k) => ({
                    value: k,
                    label: t(KIND_LABELS[k]),
                  }))}
                  testId="channel-kind"
                />
              )}
            </div>
            <div className="form-grid form-grid--3">
              <MoneyField
                name="minAmount"
                label={t("channel.min")}
                hint={amountHint}
                required
                testId="channel-min"
              />
              <MoneyField
                name="maxAmount"
                label={t("channel.max")}
                hint={amountHint}
                required
                testId="channel-max"
              />
              <NumberField
                name="sortOrder"
                label={t("channel.sort")}
                hint={t("channel.sortHint")}
                testId="channel-sort"
              />
            </div>
            <CheckboxField
              name="enabled"
              label={t("channel.enabled")}
              hint={t("channel.enabledHint")}
              testId="channel-enabled"
            />
            {kind === "bank" ? (
              <BankAccountFields />
            ) : (
              <GatewayFields adapter={adapter} isNew={channel === null} />
            )}
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
