import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminBanner } from "@panalo/contracts/admin";
import { BannerGroup } from "@panalo/contracts/content";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField, TextField } from "../../components/form-fields.tsx";
import { ImageUploadField } from "../../components/image-upload-field.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { WindowFields } from "../../components/window-fields.tsx";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";
import {
  BannerForm,
  type BannerFormValues,
  type BannerInput,
  bannersResource,
  bannerToForm,
} from "./banner-form.ts";

/** Each banner group's name in the catalogue (looked up when drawn, in the operator's language). */
const GROUP_LABELS: Record<BannerGroup, TextKey> = {
  home: "banners.groupHome",
  rng: "banners.groupRng",
  live: "banners.groupLive",
  fish: "banners.groupFish",
  pvp: "banners.groupPvp",
  sports: "banners.groupSports",
  esports: "banners.groupEsports",
  lottery: "banners.groupLottery",
  download: "banners.groupDownload",
  promotions: "banners.groupPromotions",
  shop: "banners.groupShop",
  help: "banners.groupHelp",
  ybg: "banners.groupYbg",
  pg: "banners.groupPg",
  w_login: "banners.groupWLogin",
  w_reg: "banners.groupWReg",
  w_deposit20: "banners.groupWDeposit",
  w_bet20: "banners.groupWBet",
};

/** A banner group's name in the current language (called while drawing). */
export const bannerGroupLabel = (group: BannerGroup) => t(GROUP_LABELS[group]);

/** The banner groups as select options, "Slots (rng)", in the current language. */
export function useBannerGroupOptions() {
  useT();
  return BannerGroup.options.map((g) => ({ value: g, label: `${bannerGroupLabel(g)} (${g})` }));
}

const LINK_TYPES: Array<{ value: string; label: TextKey; hint: TextKey }> = [
  { value: "", label: "banners.linkNone", hint: "banners.hintNone" },
  { value: "ROUTE", label: "banners.linkRoute", hint: "banners.hintRoute" },
  { value: "URL", label: "banners.linkUrl", hint: "banners.hintUrl" },
  { value: "GAME", label: "banners.linkGame", hint: "banners.hintGame" },
];

interface BannerEditorProps {
  banner: AdminBanner | null;
  /** The group a new banner starts in (the page's filter). */
  defaultGroup: BannerGroup;
  readOnly: boolean;
  onClose: () => void;
  onReloaded: (banner: AdminBanner) => void;
}

export function BannerEditor({ banner, defaultGroup, readOnly, onClose, onReloaded }: BannerEditorProps) {
  const t = useT();
  const groupOptions = useBannerGroupOptions();
  const linkOptions = LINK_TYPES.map((l) => ({ value: l.value, label: t(l.label) }));
  const formId = useId();
  const toForm = (b: AdminBanner) => bannerToForm(b, defaultGroup);
  const form = useForm<BannerFormValues, unknown, BannerInput>({
    resolver: zodResolver(BannerForm),
    defaultValues: bannerToForm(banner, defaultGroup),
  });
  const linkType = useWatch({ control: form.control, name: "linkageType" });
  const { submit, isSaving } = useEntitySubmit({
    resource: bannersResource,
    entity: banner,
    form,
    toForm,
    noun: "entity.banner",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });

  return (
    <Dialog
      title={banner ? t("banners.editTitle", { id: banner.id }) : t("banners.new")}
      size="lg"
      onClose={onClose}
      busy={isSaving}
      testId="banner-editor"
      footer={
        <EditorFooter
          formId={formId}
          saving={isSaving}
          readOnly={readOnly}
          onCancel={onClose}
          saveTestId="banner-save"
        />
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={submit} noValidate>
          <fieldset disabled={readOnly} className="plain-fieldset">
            <div className="form-grid form-grid--2">
              <SelectField
                name="groupName"
                label={t("banners.group")}
                options={groupOptions}
                testId="banner-group"
              />
              <NumberField
                name="sortOrder"
                label={t("content.sortOrder")}
                hint={t("content.sortHint")}
                testId="banner-sort"
              />
            </div>
            <ImageUploadField name="imageUrl" label={t("banners.image")} required disabled={readOnly} />
            <div className="form-grid form-grid--2">
              <SelectField
                name="linkageType"
                label={t("banners.linkType")}
                options={linkOptions}
                hint={(() => {
                  const hint = LINK_TYPES.find((l) => l.value === linkType)?.hint;
                  return hint ? t(hint) : undefined;
                })()}
                testId="banner-link-type"
              />
              {linkType === "" ? (
                <div aria-hidden="true" />
              ) : (
                <TextField
                  name="linkage"
                  label={t("banners.linkTarget")}
                  required
                  placeholder={
                    linkType === "ROUTE" ? "/promotions" : linkType === "URL" ? t("resources.urlHint") : ""
                  }
                  testId="banner-link"
                />
              )}
              <WindowFields testIdPrefix="banner" />
            </div>
            <LinkPreview type={linkType} />
            {linkType === "URL" ? (
              <CheckboxField
                name="external"
                label={t("banners.external")}
                hint={t("banners.externalHint")}
                testId="banner-external"
              />
            ) : null}
            <CheckboxField name="enabled" label={t("content.enabled")} hint={t("banners.enabledHint")} />
            <LocalizedEditor
              required
              fields={[
                { base: "alt", label: t("banners.alt"), kind: "text", testId: "banner-alt", maxLength: 300 },
              ]}
            />
            <p className="field-hint">{t("banners.captionHint")}</p>
            <LocalizedEditor
              required={false}
              fields={[
                {
                  base: "title",
                  label: t("banners.captionTitle"),
                  kind: "text",
                  testId: "banner-title",
                  maxLength: 80,
                },
                {
                  base: "subtitle",
                  label: t("banners.captionLine"),
                  kind: "text",
                  testId: "banner-subtitle",
                  maxLength: 120,
                },
              ]}
            />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}

/**
 * The operator opens the banner's link as the player would, before saving it, to see
 * that it leads to something that exists. Only a site path or an https address is offered.
 */
function LinkPreview({ type }: { type: string }) {
  const t = useT();
  const linkage = (useWatch({ name: "linkage" }) as string | undefined)?.trim() ?? "";
  if (!type || !linkage) return null;
  const href =
    type === "GAME"
      ? `/game?gameCode=${encodeURIComponent(linkage)}`
      : /^\/(?![/\\])\S*$/.test(linkage) || /^https:\/\/[^\s]+$/.test(linkage)
        ? linkage
        : null;
  if (!href) return null;
  return (
    <p className="form-hint">
      <a href={href} target="_blank" rel="noopener noreferrer" data-testid="banner-link-preview">
        {t("banners.preview")}
      </a>
    </p>
  );
}
