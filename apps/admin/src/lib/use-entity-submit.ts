import { useQueryClient } from "@tanstack/react-query";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { isApiCode, isApprovalPending } from "./api.ts";
import { type CrudResource, reloadItem, useCrudSave } from "./crud.ts";
import { applyServerFieldErrors } from "./form-errors.ts";
import { type TextKey, t } from "./i18n.ts";
import { toast } from "./toast-store.ts";

interface EntitySubmitOptions<T extends { id: number; version: number }, F extends FieldValues, I> {
  resource: CrudResource<T>;
  /** The item as the editor loaded it; null for a new one. */
  entity: T | null;
  form: UseFormReturn<F, unknown, I>;
  toForm: (entity: T) => F;
  /**
   * Catalogue key of the item's lower-case name for messages ("entity.notice" = "notice"), looked
   * up when a message is shown so it is in the operator's language of that moment.
   */
  noun: TextKey;
  onSaved: (saved: T) => void;
  onReloaded: (fresh: T) => void;
  onGone: () => void;
}

/**
 * Submit for an editor of a versioned item: POST or PUT with the loaded version, "Saved" toast on
 * success, field errors beside their fields, and on VERSION_CONFLICT the other operator's
 * version loaded into the form so nothing is silently overwritten.
 */
export function useEntitySubmit<T extends { id: number; version: number }, F extends FieldValues, I>(
  options: EntitySubmitOptions<T, F, I>,
) {
  const { resource, entity, form, toForm, noun, onSaved, onReloaded, onGone } = options;
  const queryClient = useQueryClient();
  const save = useCrudSave<T, I>(resource);

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: entity?.id ?? null, version: entity?.version ?? null, input },
      {
        onSuccess: (saved) => {
          toast.success(t("entity.saved", { noun: t(noun), id: saved.id }));
          onSaved(saved);
        },
        onError: async (err) => {
          // A four-eyes change (payment channels): stored as a request for a second operator. The
          // query client already shows the server's notice; one message, so none added here.
          if (isApprovalPending(err)) {
            onGone();
            return;
          }
          applyServerFieldErrors(err, form);
          if (!entity || !isApiCode(err, "VERSION_CONFLICT")) return;
          const fresh = await reloadItem(queryClient, resource, entity.id);
          if (!fresh) {
            toast.info(t("entity.deleted", { noun: t(noun) }));
            onGone();
            return;
          }
          toast.info(t("entity.conflict", { noun: t(noun) }));
          form.reset(toForm(fresh));
          onReloaded(fresh);
        },
      },
    ),
  );
  return { submit, isSaving: save.isPending };
}
