import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { TextAreaField } from "../../components/form-fields.tsx";
import { useT } from "../../lib/i18n.ts";
import { RejectInput } from "./queues-api.ts";

/**
 * Asks why before a deposit or withdrawal is rejected: the reason is shown to the member and kept
 * in the audit log, so it cannot be empty.
 */
export function RejectDialog({
  title,
  summary,
  busy,
  onReject,
  onClose,
  hint,
}: {
  title: string;
  summary: ReactNode;
  /** Who reads the reason (the member, by default). */
  hint?: string;
  busy: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const formId = useId();
  const form = useForm<RejectInput>({ resolver: zodResolver(RejectInput), defaultValues: { reason: "" } });
  const onSubmit = form.handleSubmit((input) => onReject(input.reason));
  return (
    <Dialog
      title={title}
      description={summary}
      size="sm"
      onClose={onClose}
      busy={busy}
      testId="reject-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            {t("common.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--danger"
            disabled={busy}
            data-testid="reject-confirm"
          >
            {busy ? t("reject.rejecting") : t("reject.reject")}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <TextAreaField
            name="reason"
            label={t("reject.reason")}
            hint={hint ?? t("reject.hint")}
            rows={3}
            maxLength={200}
            required
            testId="reject-reason"
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}
