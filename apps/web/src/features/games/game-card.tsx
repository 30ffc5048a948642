import type { Game } from "@panalo/contracts/games";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/icons.tsx";
import { LazyImage } from "../../components/lazy-image.tsx";
import { useImageSrc } from "../system/image-cdn.ts";
import "./game-card.css";

/**
 * One game: thumbnail, name, minimum bet, hot badge and the favourite star. Choosing the
 * picture or the name launches it (spec §4 game launch); the star toggles the favourite.
 */
export function GameCard(props: {
  game: Game;
  onLaunch: (game: Game) => void;
  onToggleFavourite?: (game: Game) => void;
}) {
  const { game, onLaunch, onToggleFavourite } = props;
  const { t } = useTranslation();
  const imageSrc = useImageSrc();
  return (
    <article className="game-card" data-testid="game-card" data-node-id={game.nodeId}>
      <button
        type="button"
        className="game-card-launch"
        onClick={() => onLaunch(game)}
        data-testid="game-launch"
        aria-label={t("games.playGame", { game: game.gameName })}
      >
        <LazyImage src={imageSrc(game.thumbnail)} alt="" width={240} height={180} className="game-thumb" />
        <span className="game-card-play" aria-hidden="true">
          {t("common.play")}
        </span>
      </button>
      {game.isHot === 1 && <span className="hot-badge game-card-hot">{t("nav.hot")}</span>}
      {onToggleFavourite && (
        <button
          type="button"
          className={game.isFavorite ? "game-fav is-on" : "game-fav"}
          aria-pressed={game.isFavorite}
          aria-label={t(game.isFavorite ? "games.favRemove" : "games.favAdd", { game: game.gameName })}
          onClick={() => onToggleFavourite(game)}
          data-testid="game-fav-toggle"
        >
          <Icon name="star" size={18} />
        </button>
      )}
      <div className="game-card-body">
        <h3 className="game-card-name" title={game.gameName}>
          {game.gameName}
        </h3>
        <p className="game-card-meta">
          <span>{t("games.minBetValue", { value: game.minBet })}</span>
          {game.rtp && <span>{t("games.rtp", { value: game.rtp })}</span>}
        </p>
      </div>
    </article>
  );
}
