import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** What an unknown address shows (also used by screens whose parameters name nothing). */
export function NotFoundView() {
  const { t } = useTranslation();
  return (
    <div className="page container not-found" data-testid="page-not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>{t("notFound.title")}</h1>
      <p className="page-lead">{t("notFound.text")}</p>
      <Link to="/" className="btn btn-primary btn-lg">
        {t("notFound.home")}
      </Link>
    </div>
  );
}
