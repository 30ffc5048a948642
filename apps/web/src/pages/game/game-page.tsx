import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { useSession } from "../../features/session/session-store.ts";
import "../shared/pages.css";

/**
 * spec §2 /game: a game in a frame. The launch call (spec §7 /wps/game/launchGame) arrives
 * with the games work; the frame shows what is needed first.
 */
export default function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const loggedIn = useSession((s) => s.token !== null);
  const game = params.get("gameCode") ?? params.get("vendor");
  return (
    <div className="page container" data-testid="page-game">
      <div className="game-frame card">
        {!loggedIn ? (
          <EmptyState
            icon="lock"
            title={t("game.loginTitle")}
            text={t("game.loginText")}
            action={
              <Link to="/login" className="btn btn-gold">
                {t("login.submit")}
              </Link>
            }
          />
        ) : (
          <EmptyState
            icon="gamepad"
            title={game ? t("game.unavailable", { game }) : t("game.noneTitle")}
            text={t("game.noneText")}
            action={
              <Link to="/rng" className="btn btn-primary">
                {t("game.browse")}
              </Link>
            }
          />
        )}
      </div>
    </div>
  );
}
