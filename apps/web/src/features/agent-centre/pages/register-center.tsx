import "../../i18n/texts/agent.ts";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../components/toast.tsx";
import { api, failureText } from "../../../lib/api.ts";
import { useAgentPermission } from "../agent-api.ts";

/**
 * spec §2 agent centre "register account" (registerCenter): create a member or, as the type
 * allows, a downline agent — always directly under this agent; and the invitation code, link
 * and QR code to share.
 */
export default function RegisterCenter() {
  const { t } = useTranslation();
  const { data: me } = useAgentPermission();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!me) return <span className="spinner" aria-hidden="true" />;
  const link = `${window.location.origin}${me.invitePath}`;
  const types = [...(me.rights.registersMembers ? [0] : []), ...me.rights.registersAgents];
  const canShare = typeof navigator.share === "function";
  const copy = () =>
    void navigator.clipboard
      .writeText(link)
      .then(() => toast(t("agent.copied"), "success"))
      // No clipboard (an insecure page, a refused permission): the link stays shown to copy by hand.
      .catch(() => toast(t("agent.copyByHand")));
  const share = () =>
    void navigator
      .share({ title: t("agent.shareTitle"), text: t("agent.shareText"), url: link })
      // Closed by the agent, or refused: nothing to say.
      .catch(() => undefined);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const target = e.currentTarget;
    setBusy(true);
    setError(null);
    try {
      const made = await api<{ username: string }>("/wps/agent/registerCenter", {
        method: "POST",
        body: {
          username: String(form.get("username") ?? ""),
          password: String(form.get("password") ?? ""),
          confirmPassword: String(form.get("confirmPassword") ?? ""),
          isAgent: Number(form.get("isAgent") ?? 0),
        },
      });
      toast(t("agent.registered", { name: made.username }), "success");
      target.reset();
      await client.invalidateQueries({ queryKey: ["agent"] });
    } catch (err) {
      setError(failureText(err, t("agent.loadFailed"), t("errors.network")));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <section className="agent-invite" aria-label={t("agent.invitation")}>
        <img
          src={`/media/qr/invite/${me.affiliateCode}.svg`}
          alt={t("agent.qr")}
          width={120}
          height={120}
          data-testid="invite-qr"
        />
        <div className="agent-invite-text">
          <p>
            {t("agent.inviteCode")}: <strong data-testid="invite-code">{me.affiliateCode}</strong>
          </p>
          <p className="agent-invite-link" data-testid="invite-link">
            {link}
          </p>
          <div className="agent-invite-actions">
            <button type="button" className="btn btn-gold btn-sm" data-testid="invite-copy" onClick={copy}>
              {t("agent.copyLink")}
            </button>
            {canShare && (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                data-testid="invite-share"
                onClick={share}
              >
                {t("agent.shareLink")}
              </button>
            )}
          </div>
        </div>
      </section>
      {types.length > 0 ? (
        <form onSubmit={(e) => void submit(e)} className="form-stack" data-testid="register-center-form">
          <label>
            {t("agent.accountType")}
            <select name="isAgent" className="input" data-testid="rc-type" defaultValue="0">
              {types.map((v) => (
                <option key={v} value={v}>
                  {t(`agent.type.${v}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("agent.username")}
            <input
              name="username"
              className="input"
              required
              minLength={4}
              maxLength={16}
              autoComplete="off"
              data-testid="rc-username"
            />
          </label>
          <label>
            {t("agent.password")}
            <input
              name="password"
              type="password"
              className="input"
              required
              autoComplete="new-password"
              data-testid="rc-password"
            />
          </label>
          <label>
            {t("agent.confirmPassword")}
            <input
              name="confirmPassword"
              type="password"
              className="input"
              required
              autoComplete="new-password"
              data-testid="rc-confirm"
            />
          </label>
          {error && (
            <p className="form-error" role="alert" data-testid="rc-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-gold" disabled={busy} data-testid="rc-submit">
            {t("agent.register")}
          </button>
        </form>
      ) : (
        <p>{t("agent.inviteOnly")}</p>
      )}
    </div>
  );
}
