import { useT } from "../lib/i18n.ts";

interface EditorFooterProps {
  formId: string;
  saving: boolean;
  readOnly: boolean;
  onCancel: () => void;
  saveTestId?: string;
}

export function EditorFooter({ formId, saving, readOnly, onCancel, saveTestId }: EditorFooterProps) {
  const t = useT();
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={saving}>
        {readOnly ? t("common.close") : t("common.cancel")}
      </button>
      {!readOnly && (
        <button
          type="submit"
          form={formId}
          className="btn btn--primary"
          data-testid={saveTestId}
          disabled={saving}
        >
          {saving ? t("common.saving") : t("common.save")}
        </button>
      )}
    </>
  );
}
