import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { MoneyField } from "../../components/amount-fields.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField, TextField } from "../../components/form-fields.tsx";
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

const AMOUNT_HINT = "In pesos, up to two decimals.";
export const KIND_LABELS = {
  bank: "Bank transfer (checked by an operator)",
  gateway: "Payment gateway (settles by itself)",
} as const;

function BankAccountFields() {
  return (
    <fieldset className="plain-fieldset form-stack">
      <h3 className="subheading">Operator bank account</h3>
      <p className="muted">Members see this account and transfer to it, then upload their receipt.</p>
      <div className="form-grid form-grid--3">
        {BANK_FIELDS.map((f) => (
          <TextField
            key={f.key}
            name={`bank.${f.key}`}
            label={f.label}
            hint={f.hint}
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
  return (
    <fieldset className="plain-fieldset form-stack">
      <h3 className="subheading">Gateway</h3>
      <SelectField
        name="adapter"
        label="Gateway"
        required
        options={[
          { value: "", label: "Choose…" },
          ...(["sandbox", "paymongo"] as const).map((a) => ({ value: a, label: ADAPTER_LABELS[a] })),
        ]}
        testId="channel-adapter"
      />
      {adapter && (
        <div className="form-grid form-grid--2">
          {ADAPTER_SECRETS[adapter].map((s) => (
            <TextField
              key={s.key}
              name={`secrets.${s.key}`}
              label={s.label}
              type={s.key === "live" ? "text" : "password"}
              autoComplete="new-password"
              required
              hint={isNew ? undefined : `Leave ${SECRET_MASK} to keep the stored value.`}
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
    noun: "payment channel",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const adapter = useWatch({ control: form.control, name: "adapter" });

  return (
    <Dialog
      title={channel ? `Edit ${channel.name}` : "New payment channel"}
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
              <TextField name="name" label="Name" hint="What members see." required testId="channel-name" />
              <TextField
                name="code"
                label="Code"
                hint={
                  channel ? "Fixed once created: gateways call back to it." : "Lower-case, e.g. bpi-transfer."
                }
                required
                readOnly={channel !== null}
                autoCapitalize="none"
                spellCheck={false}
                testId="channel-code"
              />
              {channel ? (
                // The kind is fixed once created: deposits already made depend on it.
                <div className="field">
                  <span className="field-label">Kind</span>
                  <p>{KIND_LABELS[channel.kind]}</p>
                </div>
              ) : (
                <SelectField
                  name="kind"
                  label="Kind"
                  options={(["bank", "gateway"] as const).map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                  testId="channel-kind"
                />
              )}
            </div>
            <div className="form-grid form-grid--3">
              <MoneyField
                name="minAmount"
                label="Smallest deposit"
                hint={AMOUNT_HINT}
                required
                testId="channel-min"
              />
              <MoneyField
                name="maxAmount"
                label="Largest deposit"
                hint={AMOUNT_HINT}
                required
                testId="channel-max"
              />
              <NumberField
                name="sortOrder"
                label="Sort order"
                hint="Lower shows first."
                testId="channel-sort"
              />
            </div>
            <CheckboxField
              name="enabled"
              label="Enabled"
              hint="Members can only choose enabled channels; a disabled one keeps its history."
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
