import { Suspense, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Icon } from "../components/icons.tsx";
import { useBanners } from "../features/banners/banners-api.ts";
import { lazy } from "../features/i18n/lazy.ts";
import { resourceOf, useStatus } from "../features/system/system-api.ts";
import { CustomerServiceLink } from "./customer-service.tsx";

// The feedback window loads when first opened (as from the right bar, which a phone hides).
const FeedbackModal = lazy(() => import("../features/messages/feedback-modal.tsx"));

/**
 * The top-menu drop-down (spec §2 header): customer service, feedback (the right bar's, which
 * a phone does not show), the iOS and Android apps (to the download section), and the ranking
 * pages when their banner groups exist.
 */
export function TopMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [feedback, setFeedback] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const id = useId();
  const { key } = useLocation();

  // Following a link inside closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location key is the trigger
  useEffect(() => setOpen(false), [key]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !root.current?.contains(e.target)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="top-menu" ref={root}>
      <button
        type="button"
        className="icon-btn"
        aria-expanded={open}
        aria-controls={id}
        data-testid="top-menu"
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="menu" />
        <span className="sr-only">{t("header.menu")}</span>
      </button>
      {open && (
        <div className="dropdown" id={id}>
          <TopMenuItems
            onFeedback={() => {
              setOpen(false);
              setFeedback(true);
            }}
          />
        </div>
      )}
      {feedback && (
        <Suspense fallback={null}>
          <FeedbackModal onClose={() => setFeedback(false)} />
        </Suspense>
      )}
    </div>
  );
}

function TopMenuItems(props: { onFeedback: () => void }) {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const ios = resourceOf(status, "IOS_APP");
  const android = resourceOf(status, "ANDROID_APP");
  const deposit = useBanners("w_deposit20");
  const bet = useBanners("w_bet20");
  return (
    <ul className="dropdown-list">
      <li>
        <CustomerServiceLink className="dropdown-item">
          <Icon name="chat" size={18} />
          {t("common.customerService")}
        </CustomerServiceLink>
      </li>
      <li>
        <button
          type="button"
          className="dropdown-item"
          onClick={props.onFeedback}
          data-testid="menu-feedback"
        >
          <Icon name="pen" size={18} />
          {t("feedback.title")}
        </button>
      </li>
      {ios && (
        <li>
          <Link to="/down#ios" className="dropdown-item">
            <Icon name="apple" size={18} />
            {t("header.iosApp")}
          </Link>
        </li>
      )}
      {android && (
        <li>
          <Link to="/down#android" className="dropdown-item">
            <Icon name="android" size={18} />
            {t("header.androidApp")}
          </Link>
        </li>
      )}
      {(deposit.data?.length ?? 0) > 0 && (
        <li>
          <Link to="/deposit-rank" className="dropdown-item">
            <Icon name="trophy" size={18} />
            {t("title.depositRank")}
          </Link>
        </li>
      )}
      {(bet.data?.length ?? 0) > 0 && (
        <li>
          <Link to="/bet-rank" className="dropdown-item">
            <Icon name="trophy" size={18} />
            {t("title.betRank")}
          </Link>
        </li>
      )}
    </ul>
  );
}
