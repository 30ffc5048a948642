import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { CopyButton } from "../../components/copy-button.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { TextAreaField } from "../../components/form-fields.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import { LockInput, type Player, useLockPlayer } from "./players-api.ts";

/** Asks why before locking; the player is signed out at once and cannot log in until unlocked. */
export function LockPlayerDialog({ player, onClose }: { player: Player; onClose: () => void }) {
  const formId = useId();
  const lock = useLockPlayer(player.id);
  const form = useForm<LockInput>({ resolver: zodResolver(LockInput), defaultValues: { reason: "" } });
  const onSubmit = form.handleSubmit((input) =>
    lock.mutate(input, {
      onSuccess: (saved) => {
        toast.success(`Saved. ${saved.username} is locked.`);
        onClose();
      },
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );
  return (
    <Dialog
      title={`Lock ${player.username}?`}
      description="The player is signed out at once and cannot log in until the account is unlocked."
      size="sm"
      onClose={onClose}
      busy={lock.isPending}
      testId="player-lock-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={lock.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--danger"
            disabled={lock.isPending}
            data-testid="player-lock-confirm"
          >
            {lock.isPending ? "Locking…" : "Lock player"}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <TextAreaField
            name="reason"
            label="Reason"
            hint="3–200 characters. Kept with the account and in the audit log."
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
  return (
    <Dialog
      title={`Temporary password for ${username}`}
      onClose={onClose}
      testId="player-temp-password-dialog"
      footer={
        <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
          Done
        </button>
      }
    >
      <p className="alert alert--warn" role="alert">
        This password is shown <strong>once</strong>. Pass it to the player through a trusted channel. The
        player must change it at the next login.
      </p>
      <dl className="secret-list">
        <div className="secret-row">
          <dt>Temporary password</dt>
          <dd>
            <code className="secret" data-testid="player-temp-password-value">
              {password}
            </code>
            <CopyButton value={password} label="Temporary password" />
          </dd>
        </div>
      </dl>
      <p className="muted">The player's old password no longer works and any open session has ended.</p>
    </Dialog>
  );
}
