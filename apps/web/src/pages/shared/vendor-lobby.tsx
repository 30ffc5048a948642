import type { GameCategory } from "@panalo/contracts/content";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { LazyImage } from "../../components/lazy-image.tsx";
import { CardSkeletons } from "../../components/skeleton.tsx";
import { useRequireLogin } from "../../features/session/use-require-login.ts";
import { useGameMenus } from "../../features/system/system-api.ts";

/**
 * The vendors of one or more categories as cards (live casino, bingo, sports): choosing one
 * launches its lobby, which needs a session (spec §4 "Game launch needs login").
 */
export function VendorLobby({ categories }: { categories: readonly GameCategory[] }) {
  const { t } = useTranslation();
  const { data: menus, isPending } = useGameMenus();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requireLogin = useRequireLogin();
  const chosen = params.get("vendor");
  if (isPending) return <CardSkeletons count={4} />;
  const vendors = (menus ?? []).filter((m) => categories.includes(m.gameType)).flatMap((m) => m.vendors);
  if (vendors.length === 0) {
    return <EmptyState icon="cards" title={t("lobby.emptyTitle")} text={t("lobby.emptyText")} />;
  }
  return (
    <ul className="card-grid vendor-grid">
      {vendors.map((v) => (
        <li key={`${v.gameType}-${v.nodeId}`}>
          <article className={chosen === v.vassalage ? "vendor-card card is-chosen" : "vendor-card card"}>
            <LazyImage src={v.logoHover} alt="" width={160} height={64} className="vendor-logo" />
            <h2 className="vendor-name">{v.displayName}</h2>
            {v.isHot === 1 && <span className="hot-badge">{t("nav.hot")}</span>}
            <button
              type="button"
              className="btn btn-gold btn-block"
              onClick={() =>
                requireLogin(() =>
                  navigate(`/game?gameType=${v.gameType}&vendor=${encodeURIComponent(v.vassalage)}`),
                )
              }
            >
              {t("common.play")}
              <span className="sr-only"> {v.displayName}</span>
            </button>
          </article>
        </li>
      ))}
    </ul>
  );
}
