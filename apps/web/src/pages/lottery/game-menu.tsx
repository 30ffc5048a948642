import "../../features/i18n/texts/lottery.ts";
import type { LotteryGameInfo } from "@panalo/contracts/lottery";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/icons.tsx";

function GameEntry(props: {
  game: LotteryGameInfo;
  selected: boolean;
  favourite: boolean;
  canFavourite: boolean;
  onSelect: (code: string) => void;
  onToggleFavourite: (code: string) => void;
}) {
  const { t } = useTranslation();
  const { game } = props;
  return (
    <li className={props.selected ? "lotto-menu-item is-selected" : "lotto-menu-item"}>
      <button
        type="button"
        className="lotto-menu-game"
        aria-current={props.selected ? "true" : undefined}
        onClick={() => props.onSelect(game.code)}
        data-testid={`lotto-game-${game.code}`}
      >
        <span className="lotto-menu-name">{game.name}</span>
        <span className={`lotto-tag lotto-tag-${game.gameType.toLowerCase()}`}>{game.tag}</span>
      </button>
      {props.canFavourite && (
        <button
          type="button"
          className={props.favourite ? "icon-btn lotto-fav is-on" : "icon-btn lotto-fav"}
          aria-pressed={props.favourite}
          aria-label={t(props.favourite ? "lottery.favRemove" : "lottery.favAdd", { game: game.name })}
          onClick={() => props.onToggleFavourite(game.code)}
          data-testid={`lotto-fav-${game.code}`}
        >
          <Icon name="star" size={16} />
        </button>
      )}
    </li>
  );
}

/**
 * The lottery menu (spec §3): games grouped by type — PCSO draws (LOTT) and the fast e-lottery
 * (ELOTT) — each with its tag (gameGroupCode); the player's favourites (kept locally per
 * username) and recent lottery games on top when logged in.
 */
export function GameMenu(props: {
  games: readonly LotteryGameInfo[];
  selected: string | null;
  favourites: readonly string[];
  recent: readonly string[];
  loggedIn: boolean;
  onSelect: (code: string) => void;
  onToggleFavourite: (code: string) => void;
}) {
  const { t } = useTranslation();
  const byCode = new Map(props.games.map((g) => [g.code, g]));
  const groups: { id: string; title: string; games: LotteryGameInfo[] }[] = [];
  const pick = (codes: readonly string[]) =>
    codes.map((c) => byCode.get(c)).filter((g): g is LotteryGameInfo => g !== undefined);
  if (props.loggedIn) {
    const fav = pick(props.favourites);
    if (fav.length) groups.push({ id: "fav", title: t("lottery.favourites"), games: fav });
    const recent = pick(props.recent).slice(0, 5);
    if (recent.length) groups.push({ id: "recent", title: t("lottery.recent"), games: recent });
  }
  groups.push(
    { id: "LOTT", title: t("lottery.groupLott"), games: props.games.filter((g) => g.gameType === "LOTT") },
    { id: "ELOTT", title: t("lottery.groupElott"), games: props.games.filter((g) => g.gameType === "ELOTT") },
  );
  return (
    <nav className="lotto-menu card" aria-label={t("lottery.menu")} data-testid="lotto-menu">
      {groups
        .filter((g) => g.games.length > 0)
        .map((group) => (
          <div key={group.id} className="lotto-menu-group" data-testid={`lotto-group-${group.id}`}>
            <h2 className="lotto-menu-title">{group.title}</h2>
            <ul className="lotto-menu-list">
              {group.games.map((g) => (
                <GameEntry
                  key={g.code}
                  game={g}
                  selected={g.code === props.selected}
                  favourite={props.favourites.includes(g.code)}
                  canFavourite={props.loggedIn}
                  onSelect={props.onSelect}
                  onToggleFavourite={props.onToggleFavourite}
                />
              ))}
            </ul>
          </div>
        ))}
    </nav>
  );
}
