import type { ReactNode } from "react";
import { useT } from "../lib/i18n.ts";
import { Dialog } from "./dialog.tsx";

interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  tone?: "danger" | "primary";
}

/** Asks before anything that cannot be undone; Cancel holds the focus first. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  tone = "danger",
}: ConfirmDialogProps) {
  const t = useT();
  return (
    <Dialog
      title={title}
      size="sm"
      onClose={onCancel}
      busy={busy}
      testId="confirm-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onCancel} disabled={busy} data-autofocus>
            {t("dialog.cancel")}
          </button>
          <button
            type="button"
            className={`btn btn--${tone}`}
            onClick={onConfirm}
            disabled={busy}
            data-testid="confirm-ok"
          >
            {busy ? t("dialog.working") : confirmLabel}
          </button>
        </>
      }
    >
      <div className="confirm-message">{message}</div>
    </Dialog>
  );
}
