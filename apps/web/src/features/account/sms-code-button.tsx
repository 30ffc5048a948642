import "../i18n/texts/acct.ts";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The "send code" button of the SMS forms (spec §4 "SMS send", §9): after a code is sent the
 * button stays disabled for expiredMinutes × 60 s with a visible countdown; `throttleMs`
 * ignores presses that come quicker than that (the login form's 1000 ms).
 */
export function SmsCodeButton(props: {
  /** Sends the code; answers expiredMinutes, or null when nothing was sent. */
  onSend: () => Promise<number | null>;
  throttleMs?: number;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [sentOnce, setSentOnce] = useState(false);
  const lastPress = useRef(0);
  const left = Math.max(0, Math.ceil((until - now) / 1000));

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const press = async () => {
    const at = Date.now();
    if (busy || left > 0 || at - lastPress.current < (props.throttleMs ?? 0)) return;
    lastPress.current = at;
    setBusy(true);
    try {
      const minutes = await props.onSend();
      // The throttle is against repeated sends: a press that sent nothing (the number failed
      // its check) must not hold back the press after the player corrects it.
      if (minutes === null) lastPress.current = 0;
      if (minutes !== null) {
        const start = Date.now();
        setNow(start);
        setUntil(start + minutes * 60_000);
        setSentOnce(true);
      }
    } finally {
      setBusy(false);
    }
  };

  const clock = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  return (
    <button
      type="button"
      className="btn btn-outline sms-code-button"
      onClick={() => void press()}
      disabled={props.disabled || busy || left > 0}
      data-testid={props.testId}
      data-countdown={left}
    >
      {busy
        ? t("sms.sending")
        : left > 0
          ? t("sms.resendIn", { time: clock })
          : sentOnce
            ? t("sms.resend")
            : t("sms.send")}
    </button>
  );
}
