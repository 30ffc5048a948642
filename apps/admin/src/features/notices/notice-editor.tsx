import { zodResolver } from "@hookform/resolvers/zod";
import type { AdminNotice } from "@panalo/contracts/admin";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, NumberField, SelectField } from "../../components/form-fields.tsx";
import { LocalizedEditor } from "../../components/localized-editor.tsx";
import { WindowFields } from "../../components/window-fields.tsx";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";
import {
  NOTICE_AUDIENCE_OPTIONS,
  NOTICE_TYPE_OPTIONS,
  NoticeForm,
  type NoticeFormValues,
  type NoticeInput,
  noticesResource,
  noticeToForm,
} from "./notice-form.ts";

interface NoticeEditorProps {
  /** null writes a new notice. */
  notice: AdminNotice | null;
  onClose: () => void;
  onReloaded: (notice: AdminNotice) => void;
  readOnly: boolean;
}

export function NoticeEditor({ notice, onClose, onReloaded, readOnly }: NoticeEditorProps) {
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
    noun: "notice",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });

  return (
    <Dialog
      title={notice ? `Edit notice #${notice.id}` : "New notice"}
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
              <SelectField name="type" label="Type" options={NOTICE_TYPE_OPTIONS} testId="notice-type" />
              <SelectField
                name="audience"
                label="Audience"
                hint="Agents only: a bulletin in the agent centre, never shown to players."
                options={NOTICE_AUDIENCE_OPTIONS}
                testId="notice-audience"
              />
              <WindowFields testIdPrefix="notice" />
              <NumberField
                name="sortOrder"
                label="Sort order"
                hint="Lower shows first."
                testId="notice-sort"
              />
            </div>
            <CheckboxField
              name="enabled"
              label="Enabled"
              hint="Disabled notices are kept but never shown to players."
              testId="notice-enabled"
            />
            <CheckboxField
              name="external"
              label="Links may leave the site"
              hint="Off: links in the text must be site pages starting with /. On: full https:// addresses are allowed too; they open in a new tab."
              testId="notice-external"
            />
            <LocalizedEditor
              required
              fields={[
                { base: "title", label: "Title", kind: "text", testId: "notice-title", maxLength: 500 },
                { base: "content", label: "Content", kind: "html", testId: "notice-content" },
              ]}
            />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}
