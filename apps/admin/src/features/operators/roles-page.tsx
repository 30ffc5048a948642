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
import { toast } from "../../lib/toast-store.ts";
import { roleOptions, useOperators, useRoles, useUpdateOperator } from "./operators-api.ts";

/** What each permission lets an operator do, as the Roles page explains it. */
const PERMISSION_TEXT: Record<Permission, string> = {
  "content.read": "See notices, banners, help, resources and SEO",
  "content.write": "Change notices, banners, help, resources and SEO",
  "system.read": "See settings and scheduled jobs",
  "system.write": "Change settings",
  "operators.read": "See operators",
  "operators.write": "Add operators, disable them, give them roles they could hold themselves",
  "audit.read": "Read the audit log",
  "players.read": "See players and agents",
  "players.write": "Change players and agents (lock, notes, limits, moves)",
  "finance.read": "See deposits, withdrawals, wallets and approvals",
  "finance.write": "Decide deposits and withdrawals, payment channels, held wins",
  "marketing.read": "See promotions, bonus rules, messages and loyalty",
  "marketing.write": "Change promotions, bonus rules, messages and loyalty",
  "outbox.read": "Read the message outbox",
  "lottery.read": "See lottery games and draws",
  "lottery.write": "Change lottery games and draws",
  "tables.read": "See live tables and bingo rooms",
  "tables.write": "Change live tables and bingo rooms",
  "jobs.run": "Start a scheduled job now",
  "kyc.read": "See identity documents",
  "kyc.write": "Accept or refuse identity documents",
  "sports.read": "See the sportsbook's trading desk",
  "sports.write": "Change sports, matches, markets and limits",
  "chat.operate": "Answer members in the chat console",
  "chat.manage": "Manage chat replies, hours and teams",
  "sports.settle": "Settle or void a match by hand, or approve another trader's",
  "players.adjust": "Credit or debit a member's balance, or approve another operator's",
  "bonuses.grant": "Grant or forfeit a member's bonus",
  "games.write": "Change the game catalogue: show, hide, hot, categories, order",
  "roles.write": "Shape roles (the owner's alone)",
};

/** The permissions a role other than the owner's may hold, in the catalogue's order. */
const GRANTABLE = Permissions.filter((p) => !OWNER_ONLY_PERMISSIONS.includes(p));
const rolesKey = ["roles"] as const;

function RoleDialog({ role, onClose }: { role: RoleRow | null; onClose: () => void }) {
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
      toast.success(`Saved role ${label}.`);
      onClose();
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!role && !Role.safeParse(name).success) {
      setError("Name: 2–40 lower-case letters, digits, dash or underscore.");
      return;
    }
    if (label.trim().length < 2) {
      setError("Give the role a label of at least 2 characters.");
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
      title={role ? `Edit role ${role.label}` : "New role"}
      onClose={onClose}
      busy={save.isPending}
      testId="role-dialog"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            form={formId}
            className="btn btn--primary"
            disabled={save.isPending}
            data-testid="role-save"
          >
            {save.isPending ? "Saving…" : "Save role"}
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
              Name
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
            <p className="field-hint">Its key: lower-case letters, digits, dash or underscore.</p>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${formId}-label`} className="field-label">
            Label
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
          <legend>Permissions</legend>
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
                  {PERMISSION_TEXT[p]}
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
      toast.success(`Deleted role ${deleting?.label ?? ""}.`);
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
          toast.success(`Saved: ${username} now holds ${role}.`);
        },
        onError: (err) => toast.error(errorMessage(err)),
      },
    );

  return (
    <>
      <PageHeader
        title="Roles"
        description="A role is a set of permissions. Changes apply at once to every operator who holds it. Four eyes means two different operators who both hold the permission."
        actions={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => setEditing("new")}
            data-testid="role-new"
          >
            New role
          </button>
        }
      />
      <div className="table-wrap">
        <table className="table" aria-busy={roles.isPending}>
          <caption className="visually-hidden">Roles</caption>
          <thead>
            <tr>
              <th scope="col">Role</th>
              <th scope="col">Permissions</th>
              <th scope="col">Operators</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {roles.isPending && <SkeletonRows columns={ROLE_COLUMNS} rows={4} />}
            {roles.isError && <ErrorRow columns={ROLE_COLUMNS} onRetry={() => roles.refetch()} />}
            {roles.data?.length === 0 && <EmptyRow columns={ROLE_COLUMNS} title="No roles." />}
            {roles.data?.map((r) => (
              <tr key={r.name} data-testid={`role-row-${r.name}`}>
                <td>
                  <strong>{r.label}</strong> <span className="muted">{r.name}</span>
                </td>
                <td>
                  {r.fixed ? (
                    "Every permission, now and later"
                  ) : r.permissions.length === 0 ? (
                    <span className="muted">None</span>
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
                        aria-label={`Edit role ${r.label}`}
                        data-testid={`role-edit-${r.name}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm btn--danger-ghost"
                        onClick={() => setDeleting(r)}
                        disabled={r.operators > 0}
                        title={r.operators > 0 ? "Operators still hold this role" : undefined}
                        aria-label={`Delete role ${r.label}`}
                      >
                        Delete
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h2 className="subheading">Who holds which role</h2>
      <div className="table-wrap">
        <table className="table" aria-busy={operators.isPending}>
          <caption className="visually-hidden">Operators and their roles</caption>
          <thead>
            <tr>
              <th scope="col">Operator</th>
              <th scope="col">Role</th>
            </tr>
          </thead>
          <tbody>
            {operators.isPending && <SkeletonRows columns={OPERATOR_COLUMNS} rows={3} />}
            {operators.isError && <ErrorRow columns={OPERATOR_COLUMNS} onRetry={() => operators.refetch()} />}
            {operators.data?.map((o) => (
              <tr key={o.id} data-testid={`role-operator-${o.username}`}>
                <td>
                  {o.username}
                  {o.disabled && <span className="badge badge--muted"> disabled</span>}
                </td>
                <td>
                  {o.id === self.id ? (
                    <span className="badge">{o.role}</span>
                  ) : (
                    <select
                      className="input select"
                      value={o.role}
                      aria-label={`Role of ${o.username}`}
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
          title="Delete role?"
          message={<p>{`The role ${deleting.label} will be gone. No operator holds it.`}</p>}
          confirmLabel="Delete"
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting.name)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
