import { Link } from "react-router";
import { useCan, useOperator } from "../../app/operator-context.tsx";
import { SECTIONS } from "../../app/sections.ts";
import { StatusPill } from "../../components/table-states.tsx";
import { useT } from "../../lib/i18n.ts";
import { DashboardFiguresPanel } from "../reports/figures.tsx";
import { maintenanceSetting, regionSetting } from "../settings/settings-api.ts";

function MaintenanceCard() {
  const t = useT();
  const { data, isPending } = maintenanceSetting.useValue();
  return (
    <section className="card" aria-labelledby="dash-maintenance" data-testid="dashboard-maintenance">
      <h2 id="dash-maintenance" className="card-title">
        {t("dash.maintenance")}
      </h2>
      {isPending || !data ? (
        <span className="skeleton skeleton--line" />
      ) : (
        <>
          <p className="card-value">
            <StatusPill on={data.enabled} onLabel={t("dash.siteClosed")} offLabel={t("dash.siteOpen")} />
          </p>
          <p className="muted">{data.enabled ? data.title.EN : t("dash.playersCanUse")}</p>
        </>
      )}
      <Link to="/maintenance" className="card-link">
        {t("dash.manageMaintenance")}
      </Link>
    </section>
  );
}

function RegionCard() {
  const t = useT();
  const { data, isPending } = regionSetting.useValue();
  return (
    <section className="card" aria-labelledby="dash-region" data-testid="dashboard-region">
      <h2 id="dash-region" className="card-title">
        {t("dash.region")}
      </h2>
      {isPending || !data ? (
        <span className="skeleton skeleton--line" />
      ) : (
        <>
          <p className="card-value">
            {data.allowedCountries.length === 0 ? t("dash.allCountries") : data.allowedCountries.join(", ")}
          </p>
          <p className="muted">
            {data.blockedRanges.length === 0
              ? t("dash.noBlocked")
              : data.blockedRanges.length === 1
                ? t("dash.oneBlocked")
                : t("dash.manyBlocked", { n: data.blockedRanges.length })}
          </p>
        </>
      )}
      <Link to="/region" className="card-link">
        {t("dash.manageRegion")}
      </Link>
    </section>
  );
}

export function DashboardPage() {
  const t = useT();
  const operator = useOperator();
  const canSystem = useCan("system.read");
  // Money figures are finance data (finance.read: owner, finance, auditor).
  const canFinance = useCan("finance.read");
  const sections = SECTIONS.filter(
    (s) => s.id !== "dashboard" && (s.permission === null || operator.permissions.includes(s.permission)),
  );
  return (
    <>
      <header className="page-header">
        <div>
          <h1 className="page-title">{t("dash.welcome", { name: operator.username })}</h1>
          <p className="page-description">{t("dash.signedInAs", { role: operator.role })}</p>
        </div>
      </header>
      {canFinance && <DashboardFiguresPanel />}
      {canSystem && (
        <div className="card-grid card-grid--2">
          <MaintenanceCard />
          <RegionCard />
        </div>
      )}
      <h2 className="subheading">{t("dash.sections")}</h2>
      <ul className="card-grid card-grid--3 plain-list">
        {sections.map((s) => (
          <li key={s.id}>
            <Link to={s.path} className="card card--link">
              <span className="card-title">{t(`section.${s.id}`)}</span>
              <span className="muted">{s.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
