import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../components/icons.tsx";
import { lazy } from "../features/i18n/lazy.ts";
import { CustomerServiceLink } from "./customer-service.tsx";

// The feedback window loads when first opened (spec §7 /wps/feedback).
const FeedbackModal = lazy(() => import("../features/messages/feedback-modal.tsx"));

/** spec §2 right bar: customer service, feedback and scroll to top. */
export function RightBar() {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState(false);
  return (
    <aside className="right-bar" aria-label={t("rightBar.label")} data-testid="right-bar">
      <CustomerServiceLink className="right-btn" label={t("common.customerService")}>
        <Icon name="chat" />
      </CustomerServiceLink>
      <button
        type="button"
        className="right-btn"
        onClick={() => setFeedback(true)}
        aria-label={t("feedback.title")}
        data-testid="right-feedback"
      >
        <Icon name="pen" />
      </button>
      {feedback && (
        <Suspense fallback={null}>
          <FeedbackModal onClose={() => setFeedback(false)} />
        </Suspense>
      )}
      <button
        type="button"
        className="right-btn"
        onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
        aria-label={t("rightBar.top")}
      >
        <Icon name="up" />
      </button>
    </aside>
  );
}
