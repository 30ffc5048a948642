interface EditorFooterProps {
  formId: string;
  saving: boolean;
  readOnly: boolean;
  onCancel: () => void;
  saveTestId?: string;
}

export function EditorFooter({ formId, saving, readOnly, onCancel, saveTestId }: EditorFooterProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={saving}>
        {readOnly ? "Close" : "Cancel"}
      </button>
      {!readOnly && (
        <button
          type="submit"
          form={formId}
          className="btn btn--primary"
          data-testid={saveTestId}
          disabled={saving}
        >
          {saving ? "Saving…" : "Save"}
        </button>
      )}
    </>
  );
}
