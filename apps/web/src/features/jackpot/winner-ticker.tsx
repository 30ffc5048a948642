import type { RankEntry } from "@panalo/contracts/games";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/icons.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatMoneyString } from "../../lib/format.ts";
import { useWinners } from "../games/games-api.ts";
import { useLaunchGame } from "../games/launch.ts";
import { useImageSrc } from "../system/image-cdn.ts";
import { useStatus } from "../system/system-api.ts";
import "./winners.css";

/** Below this many winners the board stands still (nothing to scroll through). */
const SCROLL_FROM = 5;

/**
 * The winners board beside the jackpot and on the slots page (spec §2 home, §7 rank list):
 * real wins from GCSGAME_getRankList (the progressive jackpot's wins first, marked), refetched when the language changes. The list scrolls
 * (paused on hover or focus); choosing a winner starts that game (spec §2 "clicking a winner
 * starts that game").
 */
export function WinnerTicker() {
  const { t } = useTranslation();
  const { data, isPending } = useWinners();
  const list = data?.list ?? [];
  return (
    <section className="winners card" aria-labelledby="winners-title" data-testid="winner-ticker">
      <h2 id="winners-title" className="winners-title">
        {t("home.winners")}
      </h2>
      {isPending ? (
        <Skeleton lines={4} />
      ) : list.length === 0 ? (
        <div className="winners-empty">
          <span className="winners-icon">
            <Icon name="trophy" size={32} />
          </span>
          <p>{t("home.winnersEmpty")}</p>
        </div>
      ) : (
        <WinnerList list={list} />
      )}
    </section>
  );
}

function WinnerList({ list }: { list: readonly RankEntry[] }) {
  const moving = list.length >= SCROLL_FROM;
  // The moving list is drawn twice so the scroll loops without a jump; the copy is hidden
  // from screen readers and the Tab order.
  return (
    <div className={moving ? "winners-viewport is-moving" : "winners-viewport"}>
      <div className="winners-track" style={{ animationDuration: `${list.length * 3}s` }}>
        <Entries list={list} />
        {moving && <Entries list={list} copy />}
      </div>
    </div>
  );
}

function Entries({ list, copy = false }: { list: readonly RankEntry[]; copy?: boolean }) {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  const symbol = useStatus().data?.brand.currencySymbol ?? "";
  const imageSrc = useImageSrc();
  return (
    <ul className="winners-list" aria-hidden={copy || undefined}>
      {list.map(({ vo }, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a board can list the same player and game twice
        <li key={i}>
          <button
            type="button"
            className="winner"
            tabIndex={copy ? -1 : undefined}
            onClick={() => launch({ nodeId: vo.nodeId, gameName: vo.gameName })}
            data-testid={copy ? undefined : "winner-entry"}
            data-node-id={vo.nodeId}
          >
            <img
              src={imageSrc(vo.iconUrl)}
              alt=""
              width={36}
              height={36}
              loading="lazy"
              className="winner-icon"
            />
            <span className="winner-text">
              <span className="winner-name">
                {vo.customerName}
                {vo.jackpot && (
                  <span className="winner-jackpot" data-testid={copy ? undefined : "winner-jackpot"}>
                    {t("home.jackpotWin")}
                  </span>
                )}
              </span>
              <span className="winner-game">{t("home.winnerIn", { game: vo.gameName })}</span>
            </span>
            <span className="winner-amount">
              {symbol}
              {formatMoneyString(vo.winAmount)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
