import { zodResolver } from "@hookform/resolvers/zod";
import { OperatorUpdate } from "@panalo/contracts/admin";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useCanWrite, useOperator } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, SelectField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { applyServerFieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast-store.ts";
import { CreateOperatorDialog } from "./create-operator-dialog.tsx";
import {
  type Operator,
  type OperatorUpdateInput,
  roleOptions,
  useOperators,
  useRoles,
  useUpdateOperator,
} from "./operators-api.ts";

function EditOperatorDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const formId = useId();
  const update = useUpdateOperator();
  const roles = useRoles();
  const form = useForm<OperatorUpdateInput>({
    resolver: zodResolver(OperatorUpdate),
    defaultValues: { role: operator.role, disabled: operator.disabled },
  });
  const onSubmit = form.handleSubmit((input) =>
    update.mutate(
      { id: operator.id, input },
      {
        onSuccess: () => {
          toast.success(`Saved operator ${operator.username}.`);
          onClose();
        },
        onError: (err) => applyServerFieldErrors(err, form),
      },
    ),
  );
  return (
    <Dialog
      title={`Edit operator ${operator.username}`}
      onClose={onClose}
      busy={update.isPending}
      footer={
        <EditorFooter
          formId={formId}
          saving={update.isPending}
          readOnly={false}
          onCancel={onClose}
          saveTestId="operator-save"
        />
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={onSubmit} noValidate className="form-stack">
          <SelectField
            name="role"
            label="Role"
            options={roleOptions(roles.data, operator.role)}
            testId="operator-edit-role"
          />
          <CheckboxField
            name="disabled"
            label="Account disabled"
            hint="A disabled operator cannot sign in, and any open session ends at once."
            testId="operator-edit-disabled"
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}

const COLUMNS = 6;

export function OperatorsPage() {
  const self = useOperator();
  const canWrite = useCanWrite("operators");
  const list = useOperators();
  const update = useUpdateOperator();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Operator | null>(null);
  const [toggling, setToggling] = useState<Operator | null>(null);

  const confirmToggle = () => {
    if (!toggling) return;
    const disabled = !toggling.disabled;
    update.mutate(
      { id: toggling.id, input: { role: toggling.role, disabled } },
      {
        onSuccess: () => {
          toast.success(`Saved: ${toggling.username} is ${disabled ? "disabled" : "enabled"}.`);
          setToggling(null);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Operators"
        description="Back-office accounts. Each signs in with a password and an authenticator code."
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setCreating(true)}
              data-testid="operator-new"
            >
              New operator
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">Username</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Created</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} rows={4} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data?.length === 0 && <EmptyRow columns={COLUMNS} title="No operators." />}
            {list.data?.map((o) => (
              <tr key={o.id} data-testid={`operator-row-${o.id}`}>
                <td>
                  {o.username}
                  {o.id === self.id && <span className="badge badge--muted"> you</span>}
                </td>
                <td>
                  <span className="badge">{o.role}</span>
                </td>
                <td>
                  <StatusPill on={!o.disabled} onLabel="Active" offLabel="Disabled" />
                </td>
                <td className="cell-nowrap">
                  {o.lastLoginAt ? formatDateTime(o.lastLoginAt) : <span className="muted">Never</span>}
                </td>
                <td className="cell-nowrap">{formatDateTime(o.createdAt)}</td>
                <td className="actions">
                  {canWrite && o.id !== self.id && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        onClick={() => setEditing(o)}
                        aria-label={`Change role of ${o.username}`}
                      >
                        Change role
                      </button>
                      <button
                        type="button"
                        className={`btn btn--sm ${o.disabled ? "" : "btn--danger-ghost"}`}
                        onClick={() => setToggling(o)}
                        aria-label={`${o.disabled ? "Enable" : "Disable"} ${o.username}`}
                      >
                        {o.disabled ? "Enable" : "Disable"}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {creating && <CreateOperatorDialog onClose={() => setCreating(false)} />}
      {editing && <EditOperatorDialog key={editing.id} operator={editing} onClose={() => setEditing(null)} />}
      {toggling && (
        <ConfirmDialog
          title={toggling.disabled ? "Enable operator?" : "Disable operator?"}
          message={
            <p>
              {toggling.disabled
                ? `${toggling.username} will be able to sign in again.`
                : `${toggling.username} will be signed out at once and cannot sign in until enabled again.`}
            </p>
          }
          confirmLabel={toggling.disabled ? "Enable" : "Disable"}
          tone={toggling.disabled ? "primary" : "danger"}
          busy={update.isPending}
          onConfirm={confirmToggle}
          onCancel={() => setToggling(null)}
        />
      )}
    </>
  );
}
