import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminPromotion } from "@panalo/contracts/promotions";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { MoneyField } from "../../components/amount-fields.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField, TextField } from "../../components/form-fields.tsx";
import { ImageUploadField } from "../../components/image-upload-field.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { WindowFields } from "../../components/window-fields.tsx";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";
import {
  AUDIENCE_OPTIONS,
  PARTICIPATION_OPTIONS,
  PromotionForm,
  type PromotionFormValues,
  type PromotionInput,
  promotionsResource,
  promotionToForm,
  REWARD_OPTIONS,
  TYPE_OPTIONS,
} from "./promotion-form.ts";
import { PromotionPreview } from "./promotion-preview.tsx";

export function PromotionEditor({
  promotion,
  onClose,
  onReloaded,
  readOnly,
}: {
  promotion: AdminPromotion | null;
  onClose: () => void;
  onReloaded: (p: AdminPromotion) => void;
  readOnly: boolean;
}) {
  const formId = useId();
  const form = useForm<PromotionFormValues, unknown, PromotionInput>({
    resolver: zodResolver(PromotionForm),
    defaultValues: promotionToForm(promotion),
  });
  const { submit, isSaving } = useEntitySubmit({
    resource: promotionsResource,
    entity: promotion,
    form,
    toForm: promotionToForm,
    noun: "promotion",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  const audience = useWatch({ control: form.control, name: "audience" });
  const rewardKind = useWatch({ control: form.control, name: "rewardKind" });

  return (
    <Dialog
      title={promotion ? `Edit promotion #${promotion.id}` : "New promotion"}
      size="lg"
      onClose={onClose}
      busy={isSaving}
      testId="promotion-editor"
      footer={
        <EditorFooter
          formId={formId}
          saving={isSaving}
          readOnly={readOnly}
          onCancel={onClose}
          saveTestId="promotion-save"
        />
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={submit} noValidate>
          <fieldset disabled={readOnly} className="plain-fieldset">
            <div className="form-grid form-grid--4">
              <SelectField name="type" label="Type" options={TYPE_OPTIONS} testId="promotion-type" />
              <SelectField
                name="participation"
                label="How players take part"
                options={PARTICIPATION_OPTIONS}
                testId="promotion-participation"
              />
              <SelectField
                name="audience"
                label="Audience"
                options={AUDIENCE_OPTIONS}
                testId="promotion-audience"
              />
              <NumberField
                name="sortOrder"
                label="Sort order"
                hint="Lower shows first."
                testId="promotion-sort"
              />
            </div>
            {audience === "new" && (
              <TextField
                name="newWithinDays"
                label="Registered within (days)"
                inputMode="numeric"
                testId="promotion-new-days"
              />
            )}
            {audience === "vip" && (
              <TextField
                name="vipLevels"
                label="VIP levels"
                hint="Level numbers, separated by commas. Promotions count every member as level 0."
                testId="promotion-vip-levels"
              />
            )}
            {audience === "team" && (
              <TextField
                name="agentIds"
                label="Agents (member ids)"
                hint="Players below these agents (their whole downline) may take part."
                testId="promotion-agents"
              />
            )}
            <div className="form-grid form-grid--4">
              <SelectField
                name="rewardKind"
                label="Reward"
                options={REWARD_OPTIONS}
                testId="promotion-reward-kind"
              />
              {rewardKind !== "none" && (
                <MoneyField name="rewardAmount" label="Amount" testId="promotion-reward-amount" required />
              )}
              {rewardKind === "bonus" && (
                <TextField
                  name="bonusRuleId"
                  label="Bonus rule id"
                  inputMode="numeric"
                  testId="promotion-bonus-rule"
                />
              )}
              <WindowFields testIdPrefix="promotion" />
            </div>
            <CheckboxField
              name="enabled"
              label="Enabled"
              hint="Disabled promotions are kept but never shown to players."
              testId="promotion-enabled"
            />
            <ImageUploadField name="bannerUrl" label="Banner" disabled={readOnly} />
            <LocalizedEditor
              required
              fields={[
                { base: "title", label: "Title", kind: "text", testId: "promotion-title", maxLength: 200 },
                { base: "body", label: "Body", kind: "rich", testId: "promotion-body" },
              ]}
            />
          </fieldset>
          <PromotionPreview />
        </form>
      </FormProvider>
    </Dialog>
  );
}
