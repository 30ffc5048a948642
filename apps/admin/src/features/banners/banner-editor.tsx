import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminBanner } from "@panalo/contracts/admin";
import type { BannerGroup } from "@panalo/contracts/content";
import { useId } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField, TextField } from "../../components/form-fields.tsx";
import { ImageUploadField } from "../../components/image-upload-field.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { WindowFields } from "../../components/window-fields.tsx";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";
import {
  BANNER_GROUP_OPTIONS,
  BannerForm,
  type BannerFormValues,
  type BannerInput,
  bannersResource,
  bannerToForm,
  LINK_HINTS,
  LINK_TYPE_OPTIONS,
} from "./banner-form.ts";

interface BannerEditorProps {
  banner: AdminBanner | null;
  /** The group a new banner starts in (the page's filter). */
  defaultGroup: BannerGroup;
  readOnly: boolean;
  onClose: () => void;
  onReloaded: (banner: AdminBanner) => void;
}

export function BannerEditor({ banner, defaultGroup, readOnly, onClose, onReloaded }: BannerEditorProps) {
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
    noun: "banner",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });

  return (
    <Dialog
      title={banner ? `Edit banner #${banner.id}` : "New banner"}
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
                label="Group"
                options={BANNER_GROUP_OPTIONS}
                testId="banner-group"
              />
              <NumberField
                name="sortOrder"
                label="Sort order"
                hint="Lower shows first."
                testId="banner-sort"
              />
            </div>
            <ImageUploadField name="imageUrl" label="Image" required disabled={readOnly} />
            <div className="form-grid form-grid--2">
              <SelectField
                name="linkageType"
                label="Link type"
                options={LINK_TYPE_OPTIONS}
                hint={LINK_HINTS[linkType]}
                testId="banner-link-type"
              />
              {linkType === "" ? (
                <div aria-hidden="true" />
              ) : (
                <TextField
                  name="linkage"
                  label="Link target"
                  required
                  placeholder={linkType === "ROUTE" ? "/promotions" : linkType === "URL" ? "https://" : ""}
                  testId="banner-link"
                />
              )}
              <WindowFields testIdPrefix="banner" />
            </div>
            <LinkPreview type={linkType} />
            {linkType === "URL" ? (
              <CheckboxField
                name="external"
                label="External link"
                hint="The address leaves the site: it opens in a new tab, without access to this page."
                testId="banner-external"
              />
            ) : null}
            <CheckboxField name="enabled" label="Enabled" hint="Disabled banners are never shown." />
            <LocalizedEditor
              required
              fields={[
                { base: "alt", label: "Alt text", kind: "text", testId: "banner-alt", maxLength: 300 },
              ]}
            />
            <p className="field-hint">
              The caption is laid over the image in the player's language: keep text out of the picture
              itself, so one image serves every language.
            </p>
            <LocalizedEditor
              required={false}
              fields={[
                {
                  base: "title",
                  label: "Caption title",
                  kind: "text",
                  testId: "banner-title",
                  maxLength: 80,
                },
                {
                  base: "subtitle",
                  label: "Caption line",
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
        Preview the link on the site ↗
      </a>
    </p>
  );
}
