import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { CopyButton } from "../../components/copy-button.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { TextAreaField } from "../../components/form-fields.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { LockInput, type Player, useLockPlayer } from "./players-api.ts";

/** Asks why before locking; the player is signed out at once and cannot log in until unlocked. */
export function LockPlayerDialog({ player, onClose }: { player: Player; onClose: () => void }) {
  const t = useT();
  const formId = useId();
  const lock = useLockPlayer(player.id);
  const form = useForm<LockInput>({ resolver: zodResolver(LockInput), defaultValues: { reason: "" } });
  const onSubmit = form.handleSubmit((input) =>
    lock.mutate(input, {
      onSuccess: (saved) => {
        toast.success(t("playerDialogs.locked", { name: saved.username }));
        onClose();
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );
  return (
    <Dialog
      title={t("playerDialogs.lockTitle", { name: player.username })}
      description={t("playerDialogs.lockText")}
      size="sm"
      onClose={onClose}
      busy={lock.isPending}
      testId="player-lock-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={lock.isPending}>
            {t("common.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--danger"
            disabled={lock.isPending}
            data-testid="player-lock-confirm"
          >
            {lock.isPending ? t("playerDialogs.locking") : t("playerDialogs.lock")}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <TextAreaField
            name="reason"
            label={t("playerDialogs.reason")}
            hint={t("playerDialogs.reasonHint")}
            rows={3}
            maxLength={200}
            required
            testId="player-lock-reason"
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}

/** The new temporary password, shown once: it exists only in the caller's state. */
export function TemporaryPasswordDialog({
  username,
  password,
  onClose,
}: {
  username: string;
  password: string;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog
      title={t("playerDialogs.tempTitle", { name: username })}
      onClose={onClose}
      testId="player-temp-password-dialog"
      footer={
        <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
          {t("playerDialogs.done")}
        </button>
      }
    >
      <p className="alert alert--warn" role="alert">
        {t("playerDialogs.shownBefore")}
        <strong>{t("playerDialogs.once")}</strong>
        {t("playerDialogs.shownAfter")}
      </p>
      <dl className="secret-list">
        <div className="secret-row">
          <dt>{t("playerDialogs.tempPassword")}</dt>
          <dd>
            <code className="secret" data-testid="player-temp-password-value">
              {password}
            </code>
            <CopyButton value={password} label={t("playerDialogs.tempPassword")} />
          </dd>
        </div>
      </dl>
      <p className="muted">{t("playerDialogs.oldGone")}</p>
    </Dialog>
  );
}
