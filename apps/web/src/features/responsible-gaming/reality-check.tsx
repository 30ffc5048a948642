import "../i18n/texts/rg.ts";
import type { RgSession } from "@panalo/contracts/responsible-gaming";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Modal } from "../../components/modal.tsx";
import { formatMoneyString } from "../../lib/format.ts";
import { logout } from "../session/session-store.ts";
import { fetchRgSession } from "./rg-api.ts";

/** "1 h 05 min" from seconds. */
function played(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min`;
}

/**
 * The reality check: every N minutes of the login session (the member's
 * choice, else the operator's default), a dialog shows the time played and the session's net
 * result. The session's start and the interval come from the server (GET /wps/rg/session), so
 * a reload does not restart the count; each check re-reads the figures when it opens.
 * Mounted lazily by the site layout for a logged-in member.
 */
export default function RealityCheck() {
  const { t } = useTranslation();
  const [shown, setShown] = useState<RgSession | null>(null);
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: round re-arms the timer after each check
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    void fetchRgSession()
      .then((s) => {
        if (stopped) return;
        const interval = s.realityCheckSeconds * 1000;
        const elapsed = Date.parse(s.now) - Date.parse(s.startedAt);
        let wait = interval - (elapsed % interval);
        // The session limit's end comes first when it is nearer: the dialog then says so.
        if (s.sessionEndsAt) {
          const left = Date.parse(s.sessionEndsAt) - Date.parse(s.now);
          if (left > 0 && left < wait) wait = left;
        }
        timer = setTimeout(() => {
          void fetchRgSession()
            .then((fresh) => {
              if (!stopped) setShown(fresh);
            })
            .catch(() => undefined);
        }, wait);
      })
      .catch(() => undefined);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [round]);

  if (!shown) return null;
  const close = () => {
    setShown(null);
    setRound((r) => r + 1);
  };
  return (
    <Modal onClose={close} title={t("rg.realityTitle")} testId="reality-check" closeOnCover={false}>
      {shown.sessionEndsAt && Date.parse(shown.sessionEndsAt) <= Date.parse(shown.now) && (
        <p className="form-error" role="alert" data-testid="reality-check-session-over">
          {t("rg.sessionOver")}
        </p>
      )}
      <p data-testid="reality-check-time">{t("rg.realityTime", { time: played(shown.elapsedSeconds) })}</p>
      <p data-testid="reality-check-net">
        {t("rg.realityNet", { amount: formatMoneyString(shown.netResult), currency: shown.currency })}
      </p>
      <div className="rg-actions">
        <button
          type="button"
          className="btn btn-primary"
          onClick={close}
          data-testid="reality-check-continue"
        >
          {t("rg.continue")}
        </button>
        <Link to="/responsibleGaming" className="btn btn-outline" onClick={close}>
          {t("rg.title")}
        </Link>
        <button type="button" className="btn btn-outline" onClick={() => void logout()}>
          {t("rg.logout")}
        </button>
      </div>
    </Modal>
  );
}
