import "../../i18n/texts/wallet.ts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../account/form-errors.ts";
import { checkProof, uploadProof } from "./upload.ts";

/**
 * Choose a proof image: checked (PNG or JPG, ≤ 5 MB), uploaded at once, shown as a thumbnail.
 * The parent gets the stored address, or null while there is none.
 */
export function ProofInput(props: {
  id: string;
  label: string;
  onUploaded: (url: string | null) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { onUploaded } = props;
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<"idle" | "uploading" | "done">("idle");
  const [problem, setProblem] = useState<string | null>(null);
  // Only the latest choice counts when the player picks again while an upload is under way.
  const latest = useRef(0);

  // The thumbnail's object URL is released when replaced or when the form goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    latest.current += 1;
    const mine = latest.current;
    onUploaded(null);
    setProblem(null);
    setPreview(null);
    setState("idle");
    if (!file) return;
    const bad = checkProof(file);
    if (bad) {
      setProblem(t(bad === "type" ? "wallet.proof.type" : "wallet.proof.size"));
      return;
    }
    setPreview(URL.createObjectURL(file));
    setState("uploading");
    try {
      const url = await uploadProof(file);
      if (mine !== latest.current) return;
      onUploaded(url);
      setState("done");
    } catch (err) {
      if (mine !== latest.current) return;
      setState("idle");
      setProblem(errorText(err, t));
    }
  };

  const error = problem ?? props.error;
  return (
    <div className={error ? "field has-error" : "field"}>
      <label htmlFor={props.id} className="field-label">
        {props.label}
        <span className="required" aria-hidden="true">
          {" "}
          *
        </span>
      </label>
      <input
        id={props.id}
        type="file"
        accept="image/png,image/jpeg"
        className="input proof-file"
        onChange={(e) => void choose(e.target.files?.[0])}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${props.id}-error` : `${props.id}-hint`}
        data-testid={props.testId}
      />
      <p className="field-hint" id={`${props.id}-hint`}>
        {t("wallet.proof.hint")}
      </p>
      {preview && (
        <div className="proof-preview">
          <img src={preview} alt={t("wallet.proof.previewAlt")} />
          <span className="muted" data-testid={`${props.testId}-state`} data-state={state}>
            {state === "uploading"
              ? t("wallet.proof.uploading")
              : state === "done"
                ? t("wallet.proof.uploaded")
                : ""}
          </span>
        </div>
      )}
      {error && (
        <p
          className="field-error"
          id={`${props.id}-error`}
          role="alert"
          data-testid={`${props.testId}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
