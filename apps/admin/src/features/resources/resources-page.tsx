import { zodResolver } from "@hookform/resolvers/zod";
import { AdminResource, AdminResourceInput } from "@panalo/contracts/admin";
import { ResourceType } from "@panalo/contracts/content";
import { useId, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { EditorFooter } from "../../components/editor-footer.tsx";
import { CheckboxField, SelectField, TextField } from "../../components/form-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { type CrudResource, useCrudDelete, useCrudList } from "../../lib/crud.ts";
import { toast } from "../../lib/toast-store.ts";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";

type Resource = z.infer<typeof AdminResource>;
type ResourceInput = z.infer<typeof AdminResourceInput>;

const resourcesResource: CrudResource<Resource> = {
  key: ["resources"],
  path: "/resources",
  row: AdminResource,
};

const TYPE_LABELS: Record<ResourceType, string> = {
  FACEBOOK: "Facebook page",
  INSTAGRAM: "Instagram",
  TWITTER: "X (Twitter)",
  YOUTUBE: "YouTube channel",
  TELEGRAM: "Telegram",
  IOS_APP: "iOS app download",
  ANDROID_APP: "Android app download",
  CUSTOMER_SERVICE: "Customer service chat",
  VIP_SERVICE: "VIP service chat",
};
const TYPE_OPTIONS = ResourceType.options.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

const toForm = (r: Resource | null): ResourceInput => ({
  resourceType: r?.resourceType ?? "FACEBOOK",
  url: r?.url ?? "",
  enabled: r?.enabled ?? true,
});

interface EditorProps {
  item: Resource | null;
  readOnly: boolean;
  onClose: () => void;
  onReloaded: (item: Resource) => void;
}

function ResourceEditor({ item, readOnly, onClose, onReloaded }: EditorProps) {
  const formId = useId();
  const form = useForm<ResourceInput>({
    resolver: zodResolver(AdminResourceInput),
    defaultValues: toForm(item),
  });
  const { submit, isSaving } = useEntitySubmit({
    resource: resourcesResource,
    entity: item,
    form,
    toForm,
    noun: "link",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  return (
    <Dialog
      title={item ? "Edit link" : "New link"}
      onClose={onClose}
      busy={isSaving}
      footer={
        <EditorFooter
          formId={formId}
          saving={isSaving}
          readOnly={readOnly}
          onCancel={onClose}
          saveTestId="resource-save"
        />
      }
    >
      <FormProvider {...form}>
        <form id={formId} onSubmit={submit} noValidate className="form-stack">
          <fieldset disabled={readOnly} className="plain-fieldset form-stack">
            <SelectField
              name="resourceType"
              label="Type"
              options={TYPE_OPTIONS}
              hint="Each type may be listed once."
            />
            <TextField
              name="url"
              label="Address"
              type="url"
              placeholder="https://"
              required
              testId="resource-url"
            />
            <CheckboxField name="enabled" label="Enabled" hint="Disabled links are hidden from the site." />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}

export function ResourcesPage() {
  const canWrite = useCanWrite("resources");
  const list = useCrudList(resourcesResource);
  const remove = useCrudDelete(resourcesResource);
  const [editing, setEditing] = useState<{ item: Resource | null } | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);

  return (
    <>
      <PageHeader
        title="Links & apps"
        description="Social pages, app downloads and service chats shown in the site footer and menus."
        actions={
          canWrite && (
            <button type="button" className="btn btn--primary" onClick={() => setEditing({ item: null })}>
              New link
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">Address</th>
              <th scope="col">Enabled</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={4} rows={5} />}
            {list.isError && <ErrorRow columns={4} onRetry={() => list.refetch()} />}
            {list.data?.length === 0 && <EmptyRow columns={4} title="No links yet." />}
            {list.data?.map((r) => (
              <tr key={r.id} data-testid={`resource-row-${r.id}`}>
                <td>{TYPE_LABELS[r.resourceType]}</td>
                <td className="cell-text">
                  <a href={r.url} target="_blank" rel="noreferrer noopener">
                    {r.url}
                  </a>
                </td>
                <td>
                  <StatusPill on={r.enabled} />
                </td>
                <td className="actions">
                  <button type="button" className="btn btn--sm" onClick={() => setEditing({ item: r })}>
                    {canWrite ? "Edit" : "View"}
                  </button>
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger-ghost"
                      onClick={() => setDeleting(r)}
                    >
                      Delete
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && (
        <ResourceEditor
          key={editing.item?.id ?? "new"}
          item={editing.item}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onReloaded={(item) => setEditing({ item })}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete link?"
          message={<p>The {TYPE_LABELS[deleting.resourceType]} link leaves the site at once.</p>}
          confirmLabel="Delete link"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success("Deleted link.");
                setDeleting(null);
              },
            })
          }
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
