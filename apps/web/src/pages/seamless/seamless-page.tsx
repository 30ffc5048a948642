import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import "../shared/pages.css";

/** spec §2 /seamless: the seamless-wallet game frame; the head nav is hidden here. */
export default function SeamlessPage() {
  const { t } = useTranslation();
  return (
    <div className="page container" data-testid="page-seamless">
      <div className="game-frame card">
        <EmptyState
          icon="gamepad"
          title={t("seamless.title")}
          text={t("seamless.text")}
          action={
            <Link to="/" className="btn btn-primary">
              {t("notFound.home")}
            </Link>
          }
        />
      </div>
    </div>
  );
}
