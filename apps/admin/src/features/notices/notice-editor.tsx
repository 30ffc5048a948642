import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminNotice } from "@panalo/contracts/admin";
import { AnnouncementType } from "@panalo/contracts/content";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField } from "../../components/form-fields.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { WindowFields } from "../../components/window-fields.tsx";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";
import {
  NoticeForm,
  type NoticeFormValues,
  type NoticeInput,
  noticesResource,
  noticeToForm,
} from "./notice-form.ts";

/** Each notice type's name in the catalogue (looked up when drawn, in the operator's language). */
const TYPE_LABELS: Record<AnnouncementType, TextKey> = {
  B: "notices.typeB",
  PL: "notices.typePL",
  PU: "notices.typePU",
  PR: "notices.typePR",
  H: "notices.typeH",
};

/** A notice type's name in the current language (called while drawing). */
export const noticeTypeLabel = (type: AnnouncementType) => t(TYPE_LABELS[type]);

/** The notice types as select options, "Bulletin (B)", in the current language. */
export function useNoticeTypeOptions() {
  useT();
  return AnnouncementType.options.map((type) => ({
    value: type,
    label: `${noticeTypeLabel(type)} (${type})`,
  }));
}

interface NoticeEditorProps {
  /** null writes a new notice. */
  notice: AdminNotice | null;
  onClose: () => void;
  onReloaded: (notice: AdminNotice) => void;
  readOnly: boolean;
}

export function NoticeEditor({ notice, onClose, onReloaded, readOnly }: NoticeEditorProps) {
  const t = useT();
  const typeOptions = useNoticeTypeOptions();
  const audienceOptions = [
    { value: "all", label: t("notices.audienceAll") },
    { value: "agents", label: t("notices.audienceAgents") },
  ];
  const formId = useId();
  const form = useForm<NoticeFormValues, unknown, NoticeInput>({
    resolver: zodResolver(NoticeForm),
    defaultValues: noticeToForm(notice),
  });
  const { submit, isSaving } = useEntitySubmit({
    resource: noticesResource,
    entity: notice,
    form,
    toForm: noticeToForm,
    noun: "entity.notice",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });

  return (
    <Dialog
      title={notice ? t("notices.editTitle", { id: notice.id }) : t("notices.new")}
      size="lg"
      onClose={onClose}
      busy={isSaving}
      testId="notice-editor"
      footer={
        <EditorFooter
          formId={formId}
          saving={isSaving}
          readOnly={readOnly}
          onCancel={onClose}
          saveTestId="notice-save"
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
                options={typeOptions}
                testId="notice-type"
              />
              <SelectField
                name="audience"
                label={t("notices.audience")}
                hint={t("notices.audienceHint")}
                options={audienceOptions}
                testId="notice-audience"
              />
              <WindowFields testIdPrefix="notice" />
              <NumberField
                name="sortOrder"
                label={t("content.sortOrder")}
                hint={t("content.sortHint")}
                testId="notice-sort"
              />
            </div>
            <CheckboxField
              name="enabled"
              label={t("content.enabled")}
              hint={t("notices.enabledHint")}
              testId="notice-enabled"
            />
            <CheckboxField
              name="external"
              label={t("content.external")}
              hint={t("content.externalHint")}
              testId="notice-external"
            />
            <LocalizedEditor
              required
              fields={[
                {
                  base: "title",
                  label: t("chatSettings.cannedTitle"),
                  kind: "text",
                  testId: "notice-title",
                  maxLength: 500,
                },
                { base: "content", label: t("content.content"), kind: "html", testId: "notice-content" },
              ]}
            />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
