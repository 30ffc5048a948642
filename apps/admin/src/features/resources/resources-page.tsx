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
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { useEntitySubmit } from "../../lib/use-entity-submit.ts";

type Resource = z.infer<typeof AdminResource>;
type ResourceInput = z.infer<typeof AdminResourceInput>;

const resourcesResource: CrudResource<Resource> = {
  key: ["resources"],
  path: "/resources",
  row: AdminResource,
};

/** Each type's name in the catalogue, looked up when drawn (in the operator's language). */
const TYPE_LABELS: Record<ResourceType, TextKey> = {
  FACEBOOK: "resources.typeFacebook",
  INSTAGRAM: "resources.typeInstagram",
  TWITTER: "resources.typeTwitter",
  YOUTUBE: "resources.typeYoutube",
  TELEGRAM: "resources.typeTelegram",
  IOS_APP: "resources.typeIos",
  ANDROID_APP: "resources.typeAndroid",
  CUSTOMER_SERVICE: "resources.typeService",
  VIP_SERVICE: "resources.typeVip",
};

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
  const t = useT();
  const typeOptions = ResourceType.options.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) }));
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
    noun: "entity.link",
    onSaved: onClose,
    onReloaded,
    onGone: onClose,
  });
  return (
    <Dialog
      title={item ? t("resources.edit") : t("resources.new")}
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
              label={t("resources.type")}
              options={typeOptions}
              hint={t("resources.typeHint")}
            />
            <TextField
              name="url"
              label={t("resources.address")}
              type="url"
              placeholder={t("resources.urlHint")}
              required
              testId="resource-url"
            />
            <CheckboxField name="enabled" label={t("content.enabled")} hint={t("resources.enabledHint")} />
          </fieldset>
        </form>
      </FormProvider>
    </Dialog>
  );
}

export function ResourcesPage() {
  const t = useT();
  const canWrite = useCanWrite("resources");
  const list = useCrudList(resourcesResource);
  const remove = useCrudDelete(resourcesResource);
  const [editing, setEditing] = useState<{ item: Resource | null } | null>(null);
  const [deleting, setDeleting] = useState<Resource | null>(null);

  return (
    <>
      <PageHeader
        title={t("resources.title")}
        description={t("resources.description")}
        actions={
          canWrite && (
            <button type="button" className="btn btn--primary" onClick={() => setEditing({ item: null })}>
              {t("resources.new")}
            </button>
          )
        }
      />
      {!canWrite && <ReadOnlyNote />}
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("resources.type")}</th>
              <th scope="col">{t("resources.address")}</th>
              <th scope="col">{t("content.enabled")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("content.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={4} rows={5} />}
            {list.isError && <ErrorRow columns={4} onRetry={() => list.refetch()} />}
            {list.data?.length === 0 && <EmptyRow columns={4} title={t("resources.none")} />}
            {list.data?.map((r) => (
              <tr key={r.id} data-testid={`resource-row-${r.id}`}>
                <td>{t(TYPE_LABELS[r.resourceType])}</td>
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
                    {canWrite ? t("content.edit") : t("content.view")}
                  </button>
                  {canWrite && (
                    <button
                      type="button"
                      className="btn btn--sm btn--danger-ghost"
                      onClick={() => setDeleting(r)}
                    >
                      {t("content.delete")}
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
          title={t("resources.deleteTitle")}
          message={<p>{t("resources.deleteText", { type: t(TYPE_LABELS[deleting.resourceType]) })}</p>}
          confirmLabel={t("resources.deleteLink")}
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                toast.success(t("resources.deleted"));
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
