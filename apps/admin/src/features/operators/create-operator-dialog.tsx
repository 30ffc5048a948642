import { zodResolver } from "@hookform/resolvers/zod";
import { OperatorCreate } from "@panalo/contracts/admin";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { Dialog } from "../../components/dialog.tsx";
import { SelectField, TextField } from "../../components/form-fields.tsx";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import {
  type OperatorCreated,
  type OperatorCreateInput,
  roleOptions,
  useCreateOperator,
  useRoles,
} from "./operators-api.ts";

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copied.`);
    } catch {
      toast.error("Copying failed; select the text and copy it by hand.");
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
          aria-label={`Copy ${label.toLowerCase()}`}
        >
          Copy
        </button>
      </dd>
    </div>
  );
}

/** The new account's credentials. They exist only in this component's state: closing forgets them. */
function Credentials({ created, onClose }: { created: OperatorCreated; onClose: () => void }) {
  return (
    <Dialog
      title={`Operator ${created.operator.username} created`}
      onClose={onClose}
      testId="operator-credentials"
      footer={
        <button type="button" className="btn btn--primary" onClick={onClose} data-autofocus>
          I have stored them
        </button>
      }
    >
      <p className="alert alert--warn" role="alert">
        These are shown <strong>once</strong>. Store them now in a password manager and pass them on securely;
        they cannot be shown again. The password must be changed at first sign-in.
      </p>
      <dl className="secret-list">
        <CopyRow label="Password" value={created.password} testId="operator-created-password" />
        <CopyRow label="TOTP secret" value={created.totpSecret} testId="operator-created-totp" />
        <CopyRow label="otpauth URL" value={created.otpauthUrl} testId="operator-created-otpauth" />
      </dl>
      <p className="muted">
        Add the secret or the otpauth URL to an authenticator app (Google Authenticator, 1Password, …).
      </p>
    </Dialog>
  );
}

export function CreateOperatorDialog({ onClose }: { onClose: () => void }) {
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
      title="New operator"
      onClose={onClose}
      busy={create.isPending}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={create.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={create.isPending}
            data-testid="operator-create-submit"
          >
            {create.isPending ? "Creating…" : "Create operator"}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <TextField
            name="username"
            label="Username"
            hint="3–40 lower-case letters, digits, dot, dash or underscore."
            autoCapitalize="none"
            spellCheck={false}
            autoComplete="off"
            required
            testId="operator-username"
          />
          <SelectField
            name="role"
            label="Role"
            options={roleOptions(roles.data, "content")}
            testId="operator-role"
          />
          <p className="muted">A password and an authenticator secret are generated and shown once.</p>
        </form>
      </FormProvider>
    </Dialog>
  );
}
