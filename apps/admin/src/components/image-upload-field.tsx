import { useMutation } from "@tanstack/react-query";
import { type ChangeEvent, useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useT } from "../lib/i18n.ts";
import { MEDIA_BYTES_MAX, MEDIA_TYPES, uploadMedia } from "../lib/media.ts";
import { toast } from "../lib/toast-store.ts";
import { describedBy, FieldShell, useFieldError } from "./form-fields.tsx";

interface ImageUploadFieldProps {
  /** Form path of the image URL string. */
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
}

/** An image URL with an upload button beside it and a preview of what players will see. */
export function ImageUploadField({ name, label, required, disabled }: ImageUploadFieldProps) {
  const t = useT();
  const { register, setValue, control } = useFormContext();
  const id = useId();
  const fileId = useId();
  const error = useFieldError(name);
  const value: unknown = useWatch({ control, name });
  const url = typeof value === "string" ? value : "";
  const upload = useMutation({
    mutationFn: uploadMedia,
    onSuccess: (uploaded) => {
      setValue(name, uploaded, { shouldDirty: true, shouldValidate: true });
      toast.success(t("upload.done"));
    },
  });

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = ""; // the same file may be chosen again after a failure
    if (!file) return;
    if (file.size > MEDIA_BYTES_MAX) {
      toast.error(t("upload.tooLarge"));
      return;
    }
    upload.mutate(file);
  };

  const hint = t("upload.hint");
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required}>
      <div className="upload">
        <div className="upload-preview" aria-live="polite">
          {url ? (
            <img src={url} alt={t("upload.preview")} />
          ) : (
            <span className="muted">{t("upload.none")}</span>
          )}
        </div>
        <div className="upload-controls">
          <input
            id={id}
            className="input"
            placeholder={t("upload.placeholder")}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, hint, error)}
            {...register(name)}
          />
          <input
            id={fileId}
            type="file"
            accept={MEDIA_TYPES}
            className="visually-hidden file-input"
            disabled={disabled || upload.isPending}
            onChange={onFile}
          />
          <label
            htmlFor={fileId}
            className={`btn btn--sm${disabled || upload.isPending ? " btn--disabled" : ""}`}
          >
            {upload.isPending ? t("upload.uploading") : t("upload.button")}
          </label>
        </div>
      </div>
    </FieldShell>
  );
}
