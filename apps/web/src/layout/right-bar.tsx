import { useTranslation } from "react-i18next";
import { Icon } from "../components/icons.tsx";
import { CustomerServiceLink } from "./customer-service.tsx";

/** spec §2 right bar: customer service and scroll to top. */
export function RightBar() {
  const { t } = useTranslation();
  return (
    <aside className="right-bar" aria-label={t("rightBar.label")} data-testid="right-bar">
      <CustomerServiceLink className="right-btn" label={t("common.customerService")}>
        <Icon name="chat" />
      </CustomerServiceLink>
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
