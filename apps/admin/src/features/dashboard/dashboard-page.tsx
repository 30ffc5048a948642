import { Link } from "react-router";
import { useCan, useOperator } from "../../app/operator-context.tsx";
import { SECTIONS } from "../../app/sections.ts";
import { StatusPill } from "../../components/table-states.tsx";
import { DashboardFiguresPanel } from "../reports/figures.tsx";
import { maintenanceSetting, regionSetting } from "../settings/settings-api.ts";

function MaintenanceCard() {
  const { data, isPending } = maintenanceSetting.useValue();
  return (
    <section className="card" aria-labelledby="dash-maintenance" data-testid="dashboard-maintenance">
      <h2 id="dash-maintenance" className="card-title">
        Maintenance
      </h2>
      {isPending || !data ? (
        <span className="skeleton skeleton--line" />
      ) : (
        <>
          <p className="card-value">
            <StatusPill on={data.enabled} onLabel="Site closed" offLabel="Site open" />
          </p>
          <p className="muted">{data.enabled ? data.title.EN : "Players can use the site."}</p>
        </>
      )}
      <Link to="/maintenance" className="card-link">
        Manage maintenance
      </Link>
    </section>
  );
}

function RegionCard() {
  const { data, isPending } = regionSetting.useValue();
  return (
    <section className="card" aria-labelledby="dash-region" data-testid="dashboard-region">
      <h2 id="dash-region" className="card-title">
        Region & IP
      </h2>
      {isPending || !data ? (
        <span className="skeleton skeleton--line" />
      ) : (
        <>
          <p className="card-value">
            {data.allowedCountries.length === 0 ? "All countries" : data.allowedCountries.join(", ")}
          </p>
          <p className="muted">
            {data.blockedRanges.length === 0
              ? "No blocked addresses."
              : `${data.blockedRanges.length} blocked address${data.blockedRanges.length === 1 ? "" : "es or ranges"}.`}
          </p>
        </>
      )}
      <Link to="/region" className="card-link">
        Manage region rules
      </Link>
    </section>
  );
}

export function DashboardPage() {
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
          <h1 className="page-title">Welcome, {operator.username}</h1>
          <p className="page-description">Signed in as {operator.role}. Choose what to work on.</p>
        </div>
      </header>
      {canFinance && <DashboardFiguresPanel />}
      {canSystem && (
        <div className="card-grid card-grid--2">
          <MaintenanceCard />
          <RegionCard />
        </div>
      )}
      <h2 className="subheading">Sections</h2>
      <ul className="card-grid card-grid--3 plain-list">
        {sections.map((s) => (
          <li key={s.id}>
            <Link to={s.path} className="card card--link">
              <span className="card-title">{s.label}</span>
              <span className="muted">{s.summary}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
