import "../../features/i18n/texts/lottery.ts";
import type { LotteryDraw, LotteryGameInfo } from "@panalo/contracts/lottery";
import { useTranslation } from "react-i18next";
import { formatCountdown, secondsUntil, useServerTick } from "../../features/lottery/clock.ts";
import { formatDateTime } from "../../lib/format.ts";

/**
 * The draw on sale: its number, the countdown to the cut-off (on the server's clock), the draw
 * time and the published seed hash (the commitment anyone can check once the seed is revealed).
 */
export function DrawPanel(props: { game: LotteryGameInfo; draw: LotteryDraw | null }) {
  const { t, i18n } = useTranslation();
  const now = useServerTick();
  const { game, draw } = props;
  if (!draw) {
    return (
      <div className="lotto-draw card" data-testid="lotto-draw">
        <p className="muted">{t("lottery.noOpenDraw")}</p>
      </div>
    );
  }
  const left = secondsUntil(draw.cutoffAt, now);
  const closed = left === 0;
  return (
    <div className="lotto-draw card" data-testid="lotto-draw" data-draw-no={draw.drawNo}>
      <div className="lotto-draw-head">
        <div>
          <p className="lotto-draw-label">{t("lottery.drawNo")}</p>
          <p className="lotto-draw-no" data-testid="lotto-draw-no">
            {draw.drawNo}
          </p>
          <p className="muted lotto-draw-time">
            {t("lottery.drawAt", { time: formatDateTime(draw.drawAt, i18n.language) })}
          </p>
        </div>
        <div className="lotto-countdown" data-closed={closed || undefined}>
          <p className="lotto-draw-label">{closed ? t("lottery.salesClosed") : t("lottery.closesIn")}</p>
          {/* Not live: a screen reader would read every second. The label says when it closes. */}
          <p className="lotto-countdown-value" data-testid="lotto-countdown" data-seconds={left}>
            <time dateTime={draw.cutoffAt}>{formatCountdown(left)}</time>
          </p>
        </div>
      </div>
      <p className="lotto-hash">
        <span className="lotto-draw-label">{t("lottery.seedHash")}</span>{" "}
        <code data-testid="lotto-seed-hash" title={draw.seedHash}>
          {draw.seedHash}
        </code>
      </p>
      <p className="muted lotto-game-rules">
        {game.kind === "digits"
          ? t("lottery.rulesDigits", { count: game.count, min: game.min, max: game.max })
          : t("lottery.rulesPick", { count: game.count, max: game.max })}
      </p>
    </div>
  );
}
