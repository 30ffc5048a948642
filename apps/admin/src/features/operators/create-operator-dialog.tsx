import { zodResolver } from "@hookform/resolvers/zod";
import { OperatorCreate } from "@panalo/contracts/admin";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { SelectField, TextField } from "../../components/form-fields.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import {
  type OperatorCreated,
  type OperatorCreateInput,
  roleOptions,
  useCreateOperator,
  useRoles,
} from "./operators-api.ts";

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(t("newOperator.copied", { what: label }));
    } catch {
      toast.error(t("newOperator.copyFailed"));
    }
  };
  return (
    <div className="secret-row">
      <dt>{label}</dt>
      <dd>
        <code className="secret" data-testid={testId}>
          {value}
        </code>
        <button
          type="button"
          className="btn btn--xs"
          onClick={copy}
          aria-label={t("newOperator.copyAria", { what: label.toLowerCase() })}
        >
          {t("newOperator.copy")}
        </button>
      </dd>
    </div>
  );
}

/** The new account's credentials. They exist only in this component's state: closing forgets them. */
function Credentials({ created, onClose }: { created: OperatorCreated; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog
      title={t("newOperator.createdTitle", { name: created.operator.username })}
      onClose={onClose}
      testId="operator-credentials"
      footer={
        <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
          {t("newOperator.stored")}
        </button>
      }
    >
      <p className="alert alert--warn" role="alert">
        {t("newOperator.once")}
      </p>
      <dl className="secret-list">
        <CopyRow
          label={t("newOperator.password")}
          value={created.password}
          testId="operator-created-password"
        />
        <CopyRow label={t("newOperator.totp")} value={created.totpSecret} testId="operator-created-totp" />
        <CopyRow
          label={t("newOperator.otpauth")}
          value={created.otpauthUrl}
          testId="operator-created-otpauth"
        />
      </dl>
      <p className="muted">{t("newOperator.app")}</p>
    </Dialog>
  );
}

export function CreateOperatorDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const formId = useId();
  const create = useCreateOperator();
  const roles = useRoles();
  const [created, setCreated] = useState<OperatorCreated | null>(null);
  const form = useForm<OperatorCreateInput>({
    resolver: zodResolver(OperatorCreate),
    defaultValues: { username: "", role: "content" },
  });
  const onSubmit = form.handleSubmit((input) =>
    create.mutate(input, {
      onSuccess: (result) => setCreated(result),
      onError: (err) => applyServerFieldErrors(err, form),
    }),
  );

  if (created) return <Credentials created={created} onClose={onClose} />;
  return (
    <Dialog
      title={t("newOperator.title")}
      onClose={onClose}
      busy={create.isPending}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={create.isPending}>
            {t("newOperator.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={create.isPending}
            data-testid="operator-create-submit"
          >
            {create.isPending ? t("newOperator.creating") : t("newOperator.create")}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <TextField
            name="username"
            label={t("newOperator.username")}
            hint={t("newOperator.usernameHint")}
            autoCapitalize="none"
            spellCheck={false}
            autoComplete="off"
            required
            testId="operator-username"
          />
          <SelectField
            name="role"
            label={t("newOperator.role")}
            options={roleOptions(roles.data, "content")}
            testId="operator-role"
          />
          <p className="muted">{t("newOperator.generated")}</p>
        </form>
      </FormProvider>
    </Dialog>
  );
}
