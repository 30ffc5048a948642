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
import { useT } from "../../lib/i18n.ts";
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
  const t = useT();
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
          toast.success(t("operators.saved", { name: operator.username }));
          onClose();
        },
        onError: (err) => applyServerFieldErrors(err, form),
      },
    ),
  );
  return (
    <Dialog
      title={t("operators.editTitle", { name: operator.username })}
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
            label={t("operators.role")}
            options={roleOptions(roles.data, operator.role)}
            testId="operator-edit-role"
          />
          <CheckboxField
            name="disabled"
            label={t("operators.accountDisabled")}
            hint={t("operators.accountDisabledHint")}
            testId="operator-edit-disabled"
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}

const COLUMNS = 6;

export function OperatorsPage() {
  const t = useT();
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
          toast.success(
            t("operators.savedState", {
              name: toggling.username,
              state: disabled ? t("operators.stateDisabled") : t("operators.stateEnabled"),
            }),
          );
          setToggling(null);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t("operators.title")}
        description={t("operators.description")}
        actions={
          canWrite && (
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => setCreating(true)}
              data-testid="operator-new"
            >
              {t("operators.new")}
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("operators.colUsername")}</th>
              <th scope="col">{t("operators.colRole")}</th>
              <th scope="col">{t("operators.colStatus")}</th>
              <th scope="col">{t("operators.colLastSignIn")}</th>
              <th scope="col">{t("operators.colCreated")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("operators.colActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} rows={4} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data?.length === 0 && <EmptyRow columns={COLUMNS} title={t("operators.empty")} />}
            {list.data?.map((o) => (
              <tr key={o.id} data-testid={`operator-row-${o.id}`}>
                <td>
                  {o.username}
                  {o.id === self.id && <span className="badge badge--muted">{t("operators.you")}</span>}
                </td>
                <td>
                  <span className="badge">{o.role}</span>
                </td>
                <td>
                  <StatusPill
                    on={!o.disabled}
                    onLabel={t("operators.active")}
                    offLabel={t("operators.disabledState")}
                  />
                </td>
                <td className="cell-nowrap">
                  {o.lastLoginAt ? (
                    formatDateTime(o.lastLoginAt)
                  ) : (
                    <span className="muted">{t("operators.never")}</span>
                  )}
                </td>
                <td className="cell-nowrap">{formatDateTime(o.createdAt)}</td>
                <td className="actions">
                  {canWrite && o.id !== self.id && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        onClick={() => setEditing(o)}
                        aria-label={t("operators.changeRoleAria", { name: o.username })}
                      >
                        {t("operators.changeRole")}
                      </button>
                      <button
                        type="button"
                        className={`btn btn--sm ${o.disabled ? "" : "btn--danger-ghost"}`}
                        onClick={() => setToggling(o)}
                        aria-label={t("operators.toggleAria", {
                          action: o.disabled ? t("operators.enable") : t("operators.disable"),
                          name: o.username,
                        })}
                      >
                        {o.disabled ? t("operators.enable") : t("operators.disable")}
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
          title={toggling.disabled ? t("operators.enableTitle") : t("operators.disableTitle")}
          message={
            <p>
              {toggling.disabled
                ? t("operators.enableText", { name: toggling.username })
                : t("operators.disableText", { name: toggling.username })}
            </p>
          }
          confirmLabel={toggling.disabled ? t("operators.enable") : t("operators.disable")}
          tone={toggling.disabled ? "primary" : "danger"}
          busy={update.isPending}
          onConfirm={confirmToggle}
          onCancel={() => setToggling(null)}
        />
      )}
    </>
  );
}
