import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { api, failureText } from "../../lib/api.ts";
import { checkProof, uploadProof } from "../member-centre/wallet/upload.ts";
import { TRIAL_ACCOUNT, useSession } from "../session/session-store.ts";

/** spec §5, §9: feedback up to 140 characters. */
export const FEEDBACK_MAX = 140;

/**
 * The feedback form (spec §7 PUT /wps/feedback, open): a text of at most 140
 * characters and, for a signed-in member, an optional screenshot (PNG or JPG up to 5 MB, kept
 * private: only the member and support operators can open it). The operator's answer arrives
 * as a message in the member centre.
 */
export function FeedbackForm({ onSent }: { onSent?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const member = useSession((s) => s.token !== null && s.isAgent !== TRIAL_ACCOUNT);
  const [content, setContent] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const text = content.trim();
    if (!text) {
      setError(t("feedback.required"));
      return;
    }
    if (file) {
      const problem = checkProof(file);
      if (problem) {
        setError(t(problem === "type" ? "feedback.fileType" : "feedback.fileSize"));
        return;
      }
    }
    setBusy(true);
    try {
      const screenshotUrl = file ? await uploadProof(file) : undefined;
      await api("/wps/feedback", {
        method: "PUT",
        body: { content: text, screenshotUrl, page: window.location.pathname.slice(0, 200) },
      });
      setSent(true);
      setContent("");
      setFile(null);
      onSent?.();
    } catch (err) {
      setError(failureText(err, t("errors.unknown"), t("errors.network")));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <div className="feedback-sent" role="status" data-testid="feedback-sent">
        <p>{member ? t("feedback.thanksMember") : t("feedback.thanks")}</p>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setSent(false)}>
          {t("feedback.another")}
        </button>
      </div>
    );
  }
  return (
    <form className="feedback-form" onSubmit={submit} noValidate data-testid="feedback-form">
      <label htmlFor={`${id}-text`}>{t("feedback.label")}</label>
      <textarea
        id={`${id}-text`}
        className="input"
        rows={4}
        maxLength={FEEDBACK_MAX}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        aria-describedby={`${id}-count`}
        data-testid="feedback-text"
      />
      <span id={`${id}-count`} className="field-hint">
        {t("feedback.count", { count: content.length, max: FEEDBACK_MAX })}
      </span>
      {member && (
        <>
          <label htmlFor={`${id}-file`}>{t("feedback.screenshot")}</label>
          <input
            id={`${id}-file`}
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            data-testid="feedback-file"
          />
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={busy} data-testid="feedback-submit">
        {busy ? t("common.loading") : t("feedback.send")}
      </button>
    </form>
  );
}
