import { zodResolver } from "@hookform/resolvers/zod";
import type {
  AdminPromotion,
  Audience,
  Participation,
  PromotionType,
  RewardKind,
} from "@panalo/contracts/promotions";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { MoneyField } from "../../components/amount-fields.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField, TextField } from "../../components/form-fields.tsx";
import { ImageUploadField } from "../../components/image-upload-field.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { WindowFields } from "../../components/window-fields.tsx";
import { type TextKey, t as text, useT } from "../../lib/i18n.ts";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";
import {
  PromotionForm,
  type PromotionFormValues,
  type PromotionInput,
  promotionsResource,
  promotionToForm,
} from "./promotion-form.ts";
import { PromotionPreview } from "./promotion-preview.tsx";

/** The promotions' words as catalogue keys, looked up when drawn (in the operator's language). */
export const PROMOTION_TYPE_KEYS: Record<PromotionType, TextKey> = {
  welcome: "promotions.typeWelcome",
  deposit: "promotions.typeDeposit",
  daily: "promotions.typeDaily",
  rebate: "promotions.typeRebate",
  raffle: "promotions.typeRaffle",
  event: "promotions.typeEvent",
  vip: "promotions.typeVip",
  other: "promotions.typeOther",
};
export const AUDIENCE_KEYS: Record<Audience, TextKey> = {
  everyone: "promotions.audienceEveryone",
  new: "promotions.audienceNew",
  vip: "promotions.audienceVip",
  team: "promotions.audienceTeam",
};
/** How players take part: the option's full text, and its short name for the list. */
export const PARTICIPATION_KEYS: Record<Participation, { full: TextKey; short: TextKey }> = {
  automatic: { full: "promotions.partAutomatic", short: "promotions.partAutomaticShort" },
  join: { full: "promotions.partJoin", short: "promotions.partJoinShort" },
  apply: { full: "promotions.partApply", short: "promotions.partApplyShort" },
  claim: { full: "promotions.partClaim", short: "promotions.partClaimShort" },
};
const REWARD_KEYS: Record<z.infer<typeof RewardKind>, TextKey> = {
  none: "promotions.rewardNone",
  cash: "promotions.rewardCash",
  bonus: "promotions.rewardBonus",
};
const optionsOf = (keys: { [value: string]: TextKey }) =>
  Object.entries(keys).map(([value, key]) => ({ value, label: text(key) }));

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
  const t = useT();
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
    noun: "entity.promotion",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  const audience = useWatch({ control: form.control, name: "audience" });
  const rewardKind = useWatch({ control: form.control, name: "rewardKind" });

  return (
    <Dialog
      title={promotion ? t("promotions.editTitle", { id: promotion.id }) : t("promotions.new")}
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
              <SelectField
                name="type"
                label={t("resources.type")}
                options={optionsOf(PROMOTION_TYPE_KEYS)}
                testId="promotion-type"
              />
              <SelectField
                name="participation"
                label={t("promotions.participation")}
                options={(Object.keys(PARTICIPATION_KEYS) as Participation[]).map((value) => ({
                  value,
                  label: t(PARTICIPATION_KEYS[value].full),
                }))}
                testId="promotion-participation"
              />
              <SelectField
                name="audience"
                label={t("notices.audience")}
                options={optionsOf(AUDIENCE_KEYS)}
                testId="promotion-audience"
              />
              <NumberField
                name="sortOrder"
                label={t("content.sortOrder")}
                hint={t("content.sortHint")}
                testId="promotion-sort"
              />
            </div>
            {audience === "new" && (
              <TextField
                name="newWithinDays"
                label={t("promotions.newWithin")}
                inputMode="numeric"
                testId="promotion-new-days"
              />
            )}
            {audience === "vip" && (
              <TextField
                name="vipLevels"
                label={t("loyalty.vipLevels")}
                hint={t("promotions.vipHint")}
                testId="promotion-vip-levels"
              />
            )}
            {audience === "team" && (
              <TextField
                name="agentIds"
                label={t("promotions.agents")}
                hint={t("promotions.agentsHint")}
                testId="promotion-agents"
              />
            )}
            <div className="form-grid form-grid--4">
              <SelectField
                name="rewardKind"
                label={t("promotions.reward")}
                options={optionsOf(REWARD_KEYS)}
                testId="promotion-reward-kind"
              />
              {rewardKind !== "none" && (
                <MoneyField
                  name="rewardAmount"
                  label={t("missions.amount")}
                  testId="promotion-reward-amount"
                  required
                />
              )}
              {rewardKind === "bonus" && (
                <TextField
                  name="bonusRuleId"
                  label={t("missions.bonusRuleId")}
                  inputMode="numeric"
                  testId="promotion-bonus-rule"
                />
              )}
              <WindowFields testIdPrefix="promotion" />
            </div>
            <CheckboxField
              name="enabled"
              label={t("content.enabled")}
              hint={t("promotions.enabledHint")}
              testId="promotion-enabled"
            />
            <ImageUploadField name="bannerUrl" label={t("promotions.banner")} disabled={readOnly} />
            <LocalizedEditor
              required
              fields={[
                {
                  base: "title",
                  label: t("chatSettings.cannedTitle"),
                  kind: "text",
                  testId: "promotion-title",
                  maxLength: 200,
                },
                { base: "body", label: t("promotions.body"), kind: "rich", testId: "promotion-body" },
              ]}
            />
          </fieldset>
          <PromotionPreview />
        </form>
      </FormProvider>
    </Dialog>
  );
}
