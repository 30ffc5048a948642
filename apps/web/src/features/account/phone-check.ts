import { api } from "../../lib/api.ts";

/**
 * The third-party phone-code service's steps in the browser (spec §3 firebaseChannel and
 * firebaseIdToken, §4 "optional third-party code verification", §8 its errors): the human
 * check it asks for before sending a code (reCAPTCHA, loaded only when the server names a site
 * key), and the confirmation of a registration's code, which answers the token the register
 * call carries. The two errors that arise here — the check's window blocked or closed — have
 * their texts in the site's catalogs (phoneAuth.*); the service's other errors come from the
 * server in the player's language.
 */
export class PhoneCheckError extends Error {
  constructor(readonly code: "POPUP_BLOCKED" | "POPUP_CLOSED" | "CAPTCHA_FAILED") {
    super(code);
  }
}

interface Grecaptcha {
  render(el: HTMLElement, opts: Record<string, unknown>): number;
  execute(id: number): void;
  reset(id: number): void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    panaloRecaptchaReady?: () => void;
  }
}

let loading: Promise<Grecaptcha> | null = null;

/** reCAPTCHA's script, once per page; a script the browser blocks is "popup blocked" (spec §8). */
function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.panaloRecaptchaReady = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject());
    const script = document.createElement("script");
    script.src = "https://www.google.com/recaptcha/api.js?render=explicit&onload=panaloRecaptchaReady";
    script.async = true;
    script.onerror = () => {
      loading = null;
      reject(new PhoneCheckError("POPUP_BLOCKED"));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * A token of reCAPTCHA's invisible check for the service's site key. A challenge left until it
 * expires counts as closed by the player; a failed check as a failed captcha.
 */
export async function recaptchaToken(siteKey: string): Promise<string> {
  const grecaptcha = await loadRecaptcha();
  const holder = document.createElement("div");
  document.body.append(holder);
  try {
    return await new Promise<string>((resolve, reject) => {
      const id = grecaptcha.render(holder, {
        sitekey: siteKey,
        size: "invisible",
        callback: (token: string) => resolve(token),
        "expired-callback": () => reject(new PhoneCheckError("POPUP_CLOSED")),
        "error-callback": () => reject(new PhoneCheckError("CAPTCHA_FAILED")),
      });
      grecaptcha.execute(id);
    });
  } finally {
    holder.remove();
  }
}

/** POST /wps/verification/phone/confirm: the registration's code, confirmed by the service. */
export function confirmPhoneCode(
  countryDialingCode: string,
  mobileNum: string,
  verificationCode: string,
): Promise<{ firebaseChannel: "sms"; firebaseIdToken: string }> {
  return api("/wps/verification/phone/confirm", {
    method: "POST",
    body: { countryDialingCode, mobileNum, verificationCode },
  });
}
