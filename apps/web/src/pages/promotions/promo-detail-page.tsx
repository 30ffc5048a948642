import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import "../shared/pages.css";

/** spec §2 /promoDetail: one promotion's terms and how to join it. */
export default function PromoDetailPage() {
  const { t } = useTranslation();
  return (
    <div className="page container" data-testid="page-promo-detail">
      <nav className="breadcrumbs" aria-label={t("common.breadcrumbs")}>
        <Link to="/promotions">{t("title.promotions")}</Link>
        <span aria-hidden="true"> › </span>
        <span aria-current="page">{t("title.promoDetail")}</span>
      </nav>
      <article className="card promo-detail">
        <EmptyState
          icon="gift"
          title={t("promotions.detailEmpty")}
          text={t("promotions.detailEmptyText")}
          action={
            <Link to="/promotions" className="btn btn-primary">
              {t("promotions.back")}
            </Link>
          }
        />
      </article>
    </div>
  );
}
