import "../../i18n/texts/acct.ts";
import { AVATAR_PRESETS, CONTACT_KINDS, presetAvatarUrl } from "@panalo/contracts/account-options";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/field.tsx";
import { toast } from "../../../components/toast.tsx";
import { ApiError, api } from "../../../lib/api.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { errorText } from "../../account/form-errors.ts";
import { checkProof, uploadProof } from "../wallet/upload.ts";
import { type Profile, usePrivateImage, useRefreshProfile, useSessions } from "./account-api.ts";

const PROFILE_FIELDS = [
  ["nickname", 20, "text"],
  ["realName", 60, "text"],
  ["fullName", 100, "text"],
  ["birthday", 10, "date"],
  ["nationality", 60, "text"],
  ["birthPlace", 100, "text"],
  ["address", 200, "text"],
  ["occupation", 80, "text"],
  ["incomeSource", 80, "text"],
] as const;

const fieldErrorsOf = (err: unknown): Record<string, string> =>
  err instanceof ApiError
    ? Object.fromEntries(err.details.map((d) => [d.path.split(".")[0] ?? d.path, d.message]))
    : {};

/** spec §3 profile: nickname, names, birthday, nationality, … and the contact handles. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const id = useId();
  const refresh = useRefreshProfile();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body: Record<string, unknown> = {};
    for (const [name] of PROFILE_FIELDS) {
      if (profile.locked.includes(name)) continue;
      const value = String(form.get(name) ?? "").trim();
      if (name === "birthday" && !value) continue;
      body[name] = value;
    }
    body.contacts = Object.fromEntries(
      CONTACT_KINDS.map((k) => [k, String(form.get(`c-${k}`) ?? "").trim()]),
    );
    setBusy(true);
    setError(null);
    try {
      await api("/wps/member/profile", { method: "PUT", body });
      await refresh();
      toast(t("acct.saved"), "success");
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const first = Object.keys(fields)[0];
      setError(
        first
          ? `${t(`acct.field.${first}`, { defaultValue: first })}: ${errorText(err, t)}`
          : errorText(err, t),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="acct-form" onSubmit={submit} data-testid="profile-form" noValidate>
      <div className="acct-grid">
        {PROFILE_FIELDS.map(([name, max, type]) => (
          <Field key={name} id={`${id}-${name}`} label={t(`acct.field.${name}`)}>
            <input
              id={`${id}-${name}`}
              name={name}
              type={type}
              className="input"
              maxLength={max}
              defaultValue={(profile[name] as string | null) ?? ""}
              readOnly={profile.locked.includes(name)}
              aria-describedby={profile.locked.includes(name) ? `${id}-locked` : undefined}
              data-testid={`profile-${name}`}
            />
          </Field>
        ))}
      </div>
      {profile.locked.length > 0 && (
        <p id={`${id}-locked`} className="acct-note">
          {t("acct.lockedNote")}
        </p>
      )}
      <h4>{t("acct.contacts")}</h4>
      <div className="acct-grid">
        {CONTACT_KINDS.map((k) => (
          <Field key={k} id={`${id}-c-${k}`} label={t(`acct.contact.${k}`)}>
            <input
              id={`${id}-c-${k}`}
              name={`c-${k}`}
              className="input"
              maxLength={60}
              defaultValue={profile.contacts[k] ?? ""}
              data-testid={`contact-${k}`}
            />
          </Field>
        ))}
      </div>
      {error && (
        <p className="form-error" role="alert" data-testid="profile-error">
          {error}
        </p>
      )}
      <button type="submit" className="btn btn-gold" disabled={busy} data-testid="profile-save">
        {busy ? t("common.loading") : t("acct.save")}
      </button>
    </form>
  );
}

/** The avatar: one of the preset pictures, or a picture of the member's own (private). */
export function AvatarPicker({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const refresh = useRefreshProfile();
  const current = usePrivateImage(profile.avatarUrl);
  const choose = async (avatarUrl: string) => {
    try {
      await api("/wps/member/avatar", { method: "PUT", body: { avatarUrl } });
      await refresh();
      toast(t("acct.saved"), "success");
    } catch (err) {
      toast(errorText(err, t), "error");
    }
  };
  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (checkProof(file)) return toast(t("acct.imageRule"), "error");
    try {
      await choose(await uploadProof(file));
    } catch (err) {
      toast(errorText(err, t), "error");
    }
  };
  return (
    <div className="acct-avatar">
      {current && (
        <img src={current} alt={t("acct.avatar")} width={64} height={64} data-testid="avatar-current" />
      )}
      <fieldset className="acct-presets">
        <legend>{t("acct.avatarChoose")}</legend>
        {Array.from({ length: AVATAR_PRESETS }, (_, i) => presetAvatarUrl(i + 1)).map((url, i) => (
          <button
            key={url}
            type="button"
            className={`avatar-choice${profile.avatarUrl === url ? " is-current" : ""}`}
            aria-pressed={profile.avatarUrl === url}
            aria-label={`${t("acct.avatar")} ${i + 1}`}
            onClick={() => void choose(url)}
            data-testid={`avatar-preset-${i + 1}`}
          >
            <img src={url} alt="" width={40} height={40} />
          </button>
        ))}
      </fieldset>
      <label className="btn btn-outline btn-sm">
        {t("acct.avatarUpload")}
        <input
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          onChange={(e) => void upload(e.currentTarget.files?.[0])}
          data-testid="avatar-upload"
        />
      </label>
    </div>
  );
}

/** A new mobile number or e-mail address, confirmed by the code sent to it. */
export function ContactChangeForm({
  channel,
  current,
}: {
  channel: "mobile" | "email";
  current: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const refresh = useRefreshProfile();
  const [target, setTarget] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setError(null);
    try {
      await api("/wps/member/contact/code", { method: "POST", body: { channel, target } });
      setSent(true);
      toast(t("acct.codeSent"));
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await api("/wps/member/contact", { method: "POST", body: { channel, target, code } });
      await refresh();
      setSent(false);
      setCode("");
      setTarget("");
      toast(t("acct.saved"), "success");
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <form className="acct-form acct-inline" onSubmit={confirm} data-testid={`change-${channel}`}>
      <p>
        {t(`acct.current.${channel}`)}: <strong>{current ?? "—"}</strong>
      </p>
      <Field id={`${id}-t`} label={t(`acct.new.${channel}`)}>
        <input
          id={`${id}-t`}
          className="input"
          type={channel === "email" ? "email" : "tel"}
          value={target}
          maxLength={120}
          onChange={(e) => setTarget(e.currentTarget.value)}
        />
      </Field>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => void send()} disabled={!target}>
        {t("acct.sendCode")}
      </button>
      {sent && (
        <>
          <Field id={`${id}-c`} label={t("acct.code")}>
            <input
              id={`${id}-c`}
              className="input"
              inputMode="numeric"
              maxLength={8}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          </Field>
          <button type="submit" className="btn btn-gold btn-sm" disabled={!code}>
            {t("acct.confirm")}
          </button>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/** The authenticator app (TOTP): set up with the QR code or the key, then asked at login. */
export function TotpSection({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const refresh = useRefreshProfile();
  const [setup, setSetup] = useState<{ secret: string; otpauthUrl: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setError(null);
    try {
      setSetup(await api("/wps/member/totp/setup", { method: "POST" }));
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  const finish = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await api(`/wps/member/totp/${enabled ? "disable" : "enable"}`, { method: "POST", body: { code } });
      setSetup(null);
      setCode("");
      await refresh();
      toast(t("acct.saved"), "success");
    } catch (err) {
      setError(errorText(err, t));
    }
  };
  return (
    <div className="acct-totp" data-testid="totp-section">
      <p>{enabled ? t("acct.totpOn") : t("acct.totpOff")}</p>
      {!enabled && !setup && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void start()}>
          {t("acct.totpStart")}
        </button>
      )}
      {setup && (
        <div className="acct-qr">
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
            alt={t("acct.totpQr")}
            width={160}
            height={160}
          />
          <p>
            {t("acct.totpKey")}: <code>{setup.secret}</code>
          </p>
          <a href={setup.otpauthUrl}>{t("acct.totpOpen")}</a>
        </div>
      )}
      {(enabled || setup) && (
        <form onSubmit={finish} className="acct-inline">
          <Field id={`${id}-code`} label={t("acct.totpCode")}>
            <input
              id={`${id}-code`}
              className="input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
            />
          </Field>
          <button type="submit" className="btn btn-gold btn-sm" disabled={code.length !== 6}>
            {enabled ? t("acct.totpDisable") : t("acct.totpEnable")}
          </button>
        </form>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The member's signed-in devices, and "sign out everywhere" (every other session ends). */
export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const endOthers = async () => {
    try {
      await api("/wps/member/sessions", { method: "DELETE" });
      await sessions.refetch();
      toast(t("acct.signedOutElsewhere"));
    } catch (err) {
      toast(errorText(err, t), "error");
    }
  };
  return (
    <div data-testid="sessions-section">
      <ul className="acct-sessions">
        {(sessions.data ?? []).map((s) => (
          <li key={`${s.createdAt}-${s.ip}-${s.lastSeenAt}`}>
            <span>{s.userAgent?.slice(0, 60) || s.method}</span>
            <span>{s.ip}</span>
            <span>{formatDateTime(s.lastSeenAt, i18n.language)}</span>
            {s.current && <span className="badge">{t("acct.thisDevice")}</span>}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        onClick={() => void endOthers()}
        data-testid="sessions-end"
      >
        {t("acct.signOutEverywhere")}
      </button>
    </div>
  );
}
