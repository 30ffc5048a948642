import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageTitle } from "../../components/page-title.tsx";
import { useStatus } from "../../features/system/system-api.ts";
import { CustomerServiceLink } from "../../layout/customer-service.tsx";
import "../shared/pages.css";

const STEPS = ["join.step1", "join.step2", "join.step3"] as const;

/** spec §2 /join: join us — becoming an agent, and who to contact. */
export default function JoinPage() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  return (
    <div className="page container" data-testid="page-join">
      <PageTitle title={t("title.join")} lead={t("lead.join", { brand: status?.brand.name ?? "" })} />
      <ol className="card-grid steps">
        {STEPS.map((key, i) => (
          <li key={key} className="card step-card">
            <span className="step-no" aria-hidden="true">
              {i + 1}
            </span>
            <p>{t(key)}</p>
          </li>
        ))}
      </ol>
      <div className="cta-row">
        {status?.brand.directRegister && (
          <Link to="/register" className="btn btn-gold btn-lg">
            {t("header.register")}
          </Link>
        )}
        <CustomerServiceLink className="btn btn-outline btn-lg">
          {t("common.customerService")}
        </CustomerServiceLink>
      </div>
    </div>
  );
}
