import { type InputHTMLAttributes, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field } from "../../components/field.tsx";
import { fetchCaptcha } from "../../features/account/login-flow.ts";

/** spec §9: the captcha picture is refreshed at most once per second. */
const CAPTCHA_REFRESH_MS = 1000;

export interface CaptchaPicture {
  captchaId: string;
  image: string;
}

/**
 * The picture code the server asks for (a refusal with `captcha: true`, spec §4): the current
 * picture and a refresh that waits out the one-per-second limit and never overlaps itself.
 */
export function useCaptchaPicture(onError: (err: unknown) => void) {
  const [picture, setPicture] = useState<CaptchaPicture | null>(null);
  const lastAt = useRef(0);
  const loading = useRef(false);
  const refresh = useCallback(async () => {
    if (loading.current) return;
    loading.current = true;
    try {
      const wait = lastAt.current + CAPTCHA_REFRESH_MS - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      lastAt.current = Date.now();
      setPicture(await fetchCaptcha());
    } catch (err) {
      onError(err);
    } finally {
      loading.current = false;
    }
  }, [onError]);
  return { picture, refresh };
}

export function CaptchaField(props: {
  id: string;
  error?: string;
  picture: CaptchaPicture | null;
  onRefresh: () => void;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <Field id={props.id} label={t("login.captcha")} error={props.error} required>
      <div className="register-row">
        <input
          inputMode="numeric"
          autoComplete="off"
          placeholder={`* ${t("login.captchaPlaceholder")}`}
          data-testid="register-captcha"
          {...props.inputProps}
        />
        <button
          type="button"
          className="register-captcha-picture"
          onClick={props.onRefresh}
          title={t("login.captchaRefresh")}
          data-testid="register-captcha-refresh"
        >
          {props.picture ? (
            <img
              src={props.picture.image}
              alt={t("login.captchaAlt")}
              width={120}
              height={40}
              data-testid="register-captcha-image"
            />
          ) : (
            <span className="spinner spinner-sm" aria-hidden="true" />
          )}
          <span className="sr-only">{t("login.captchaRefresh")}</span>
        </button>
      </div>
    </Field>
  );
}
