import type { SystemStatusValue } from "@panalo/contracts/content";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "../components/icons.tsx";
import { CustomerServiceLink } from "./customer-service.tsx";
import { LangPicker } from "./lang-picker.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

/**
 * The root view for system status 1 and 2 (spec §2): the whole site is replaced by the
 * maintenance page, or by the region-blocked page with the visitor's IP address.
 */
function StatusFrame(props: {
  status: SystemStatusValue;
  testId: string;
  icon: IconName;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { brand } = props.status;
  return (
    <div className="status-screen" data-testid={props.testId}>
      <div className="status-tools">
        <LangPicker />
        <ThemeToggle />
      </div>
      <main className="status-card card">
        {brand.logoUrl && (
          <img src={brand.logoUrl} alt={brand.name} width={171} height={48} className="status-logo" />
        )}
        <span className="status-icon">
          <Icon name={props.icon} size={56} />
        </span>
        {props.children}
        <CustomerServiceLink className="btn btn-gold btn-lg" testId="status-customer-service" linkOnly>
          {t("common.customerService")}
        </CustomerServiceLink>
      </main>
    </div>
  );
}

export function MaintenancePage({ status }: { status: SystemStatusValue }) {
  const { t } = useTranslation();
  return (
    <StatusFrame status={status} testId="maintenance-page" icon="gear">
      <h1>{status.maintenance.title || t("status.maintenanceTitle")}</h1>
      <p className="status-info">{status.maintenance.info || t("status.maintenanceInfo")}</p>
    </StatusFrame>
  );
}

export function RegionBlockedPage({ status }: { status: SystemStatusValue }) {
  const { t } = useTranslation();
  return (
    <StatusFrame status={status} testId="region-blocked-page" icon="globe">
      <h1>{t("status.regionTitle")}</h1>
      <p className="status-ip">
        {t("status.yourIp")}{" "}
        <strong data-testid="visitor-ip" translate="no">
          {status.location.ip}
        </strong>
      </p>
      <p className="status-info">{status.regionRestriction.info || t("status.regionInfo")}</p>
    </StatusFrame>
  );
}

/** The permission response could not be read: nothing else can be shown. */
export function StatusFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="status-screen">
      <main className="status-card card" role="alert">
        <span className="status-icon">
          <Icon name="alert" size={56} />
        </span>
        <h1>{t("errors.networkTitle")}</h1>
        <p className="status-info">{t("errors.network")}</p>
        <button type="button" className="btn btn-primary btn-lg" onClick={onRetry}>
          {t("common.retry")}
        </button>
      </main>
    </div>
  );
}
