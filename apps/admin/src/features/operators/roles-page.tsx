import {
  OWNER_ONLY_PERMISSIONS,
  type Permission,
  Permissions,
  Role,
  type RoleRow,
} from "@panalo/contracts/admin-roles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { z } from "zod";
import { useOperator } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { roleOptions, useOperators, useRoles, useUpdateOperator } from "./operators-api.ts";

/** The permissions a role other than the owner's may hold, in the catalogue's order. */
const GRANTABLE = Permissions.filter((p) => !OWNER_ONLY_PERMISSIONS.includes(p));
const rolesKey = ["roles"] as const;

const permissionText = (p: Permission) => `perm.${p}` as TextKey;

function RoleDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
  const t = useT();
  const formId = useId();
  const qc = useQueryClient();
  const [name, setName] = useState(role?.name ?? "");
  const [label, setLabel] = useState(role?.label ?? "");
  const [chosen, setChosen] = useState<Set<Permission>>(new Set(role?.permissions ?? []));
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const permissions = GRANTABLE.filter((p) => chosen.has(p));
      return role
        ? api.put(`/roles/${role.name}`, { label, permissions, version: role.version }, z.unknown())
        : api.post("/roles", { name, label, permissions }, z.unknown());
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: rolesKey });
      toast.success(t("roles.saved", { label }));
      onClose();
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!role && !Role.safeParse(name).success) {
      setError(t("roles.nameBad"));
      return;
    }
    if (label.trim().length < 2) {
      setError(t("roles.labelBad"));
      return;
    }
    setError(null);
    save.mutate();
  };
  const toggle = (p: Permission) =>
    setChosen((old) => {
      const next = new Set(old);
      if (next.has(p)) next.delete(p);
      else next.add(p);
      return next;
    });
  return (
    <Dialog
      title={role ? t("roles.dialogEdit", { label: role.label }) : t("roles.dialogNew")}
      onClose={onClose}
      busy={save.isPending}
      testId="role-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {t("roles.cancel")}
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={save.isPending}
            data-testid="role-save"
          >
            {save.isPending ? t("roles.saving") : t("roles.save")}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="form-stack">
        {error && (
          <p className="alert alert--warn" role="alert" data-testid="role-error">
            {error}
          </p>
        )}
        {!role && (
          <div className="field">
            <label htmlFor={`${formId}-name`} className="field-label">
              {t("roles.name")}
            </label>
            <input
              id={`${formId}-name`}
              className="input"
              value={name}
              onChange={(e) => setName(e.currentTarget.value.trim().toLowerCase())}
              autoCapitalize="none"
              spellCheck={false}
              data-testid="role-name"
            />
            <p className="field-hint">{t("roles.nameHint")}</p>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${formId}-label`} className="field-label">
            {t("roles.label")}
          </label>
          <input
            id={`${formId}-label`}
            className="input"
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
            data-testid="role-label"
          />
        </div>
        <fieldset className="plain-fieldset">
          <legend>{t("roles.permissions")}</legend>
          {GRANTABLE.map((p) => (
            <div className="field-check" key={p}>
              <input
                id={`${formId}-${p}`}
                type="checkbox"
                className="checkbox"
                checked={chosen.has(p)}
                onChange={() => toggle(p)}
                data-testid={`role-permission-${p}`}
              />
              <div>
                <label htmlFor={`${formId}-${p}`} className="field-check-label">
                  {t(permissionText(p))}
                </label>
                <p className="field-hint">
                  <code>{p}</code>
                </p>
              </div>
            </div>
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
}

const ROLE_COLUMNS = 4;
const OPERATOR_COLUMNS = 2;

/** The owner's page: roles as sets of permissions, and who holds which. */
export function RolesPage() {
  const t = useT();
  const self = useOperator();
  const roles = useRoles();
  const operators = useOperators();
  const update = useUpdateOperator();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<RoleRow | "new" | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const remove = useMutation({
    mutationFn: (name: string) => api.delete(`/roles/${name}`, z.unknown()),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: rolesKey });
      toast.success(t("roles.deleted", { label: deleting?.label ?? "" }));
      setDeleting(null);
    },
    onError: (err) => {
      toast.error(errorMessage(err));
      setDeleting(null);
    },
  });
  const give = (id: number, username: string, role: string, disabled: boolean) =>
    update.mutate(
      { id, input: { role, disabled } },
      {
        onSuccess: async () => {
          await qc.invalidateQueries({ queryKey: rolesKey });
          toast.success(t("roles.given", { name: username, role }));
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  return (
    <>
      <PageHeader
        title={t("roles.title")}
        description={t("roles.description")}
        actions={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setEditing("new")}
            data-testid="role-new"
          >
            {t("roles.new")}
          </button>
        }
      />
      <div className="table-wrap">
        <table className="table" aria-busy={roles.isPending}>
          <caption className="visually-hidden">{t("roles.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("roles.colRole")}</th>
              <th scope="col">{t("roles.colPermissions")}</th>
              <th scope="col">{t("roles.colOperators")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("roles.colActions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.isPending && <SkeletonRows columns={ROLE_COLUMNS} rows={4} />}
            {roles.isError && <ErrorRow columns={ROLE_COLUMNS} onRetry={() => roles.refetch()} />}
            {roles.data?.length === 0 && <EmptyRow columns={ROLE_COLUMNS} title={t("roles.empty")} />}
            {roles.data?.map((r) => (
              <tr key={r.name} data-testid={`role-row-${r.name}`}>
                <td>
                  <strong>{r.label}</strong> <span className="muted">{r.name}</span>
                </td>
                <td>
                  {r.fixed ? (
                    t("roles.every")
                  ) : r.permissions.length === 0 ? (
                    <span className="muted">{t("roles.none")}</span>
                  ) : (
                    r.permissions.join(", ")
                  )}
                </td>
                <td>{r.operators}</td>
                <td className="actions">
                  {!r.fixed && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        onClick={() => setEditing(r)}
                        aria-label={t("roles.editAria", { label: r.label })}
                        data-testid={`role-edit-${r.name}`}
                      >
                        {t("roles.edit")}
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm btn--danger-ghost"
                        onClick={() => setDeleting(r)}
                        disabled={r.operators > 0}
                        title={r.operators > 0 ? t("roles.inUse") : undefined}
                        aria-label={t("roles.deleteAria", { label: r.label })}
                      >
                        {t("roles.delete")}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="subheading">{t("roles.holders")}</h2>
      <div className="table-wrap">
        <table className="table" aria-busy={operators.isPending}>
          <caption className="visually-hidden">{t("roles.holdersCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("roles.colOperator")}</th>
              <th scope="col">{t("roles.colRole")}</th>
            </tr>
          </thead>
          <tbody>
            {operators.isPending && <SkeletonRows columns={OPERATOR_COLUMNS} rows={3} />}
            {operators.isError && <ErrorRow columns={OPERATOR_COLUMNS} onRetry={() => operators.refetch()} />}
            {operators.data?.map((o) => (
              <tr key={o.id} data-testid={`role-operator-${o.username}`}>
                <td>
                  {o.username}
                  {o.disabled && <span className="badge badge--muted">{t("roles.disabled")}</span>}
                </td>
                <td>
                  {o.id === self.id ? (
                    <span className="badge">{o.role}</span>
                  ) : (
                    <select
                      className="input select"
                      value={o.role}
                      aria-label={t("roles.roleOf", { name: o.username })}
                      disabled={update.isPending}
                      onChange={(e) => give(o.id, o.username, e.currentTarget.value, o.disabled)}
                      data-testid={`role-of-${o.username}`}
                    >
                      {roleOptions(roles.data, o.role).map((x) => (
                        <option key={x.value} value={x.value}>
                          {x.label}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {editing && (
        <RoleDialog
          key={editing === "new" ? "new" : editing.name}
          role={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t("roles.deleteTitle")}
          message={<p>{t("roles.deleteText", { label: deleting.label })}</p>}
          confirmLabel={t("roles.delete")}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting.name)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
