import "../../features/i18n/texts/lottery.ts";
import type { LotteryBet, LotteryGameInfo } from "@panalo/contracts/lottery";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TabPanel, Tabs } from "../../components/tabs.tsx";
import { secondsUntil, useServerTick } from "../../features/lottery/clock.ts";
import { type OpenSession, useMyBets } from "../../features/lottery/lottery-api.ts";
import { formatDateTime, formatMoneyString } from "../../lib/format.ts";
import { betTypeLabel } from "./bet-slip.tsx";
import { ResultBalls } from "./result-balls.tsx";

type Status = "open" | "settled";

/**
 * My bets, open and settled: numbers, stake, draw, the result and the win once
 * settled. An open slip can be cancelled before its cut-off when its game allows it (the whole
 * slip: its one debit is rolled back).
 */
export function MyBets(props: {
  session: OpenSession | undefined;
  games: readonly LotteryGameInfo[];
  symbol: string;
  onCancel: (slipId: string) => void;
  cancelling: string | null;
}) {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<Status>("open");
  const bets = useMyBets(props.session, status);
  const now = useServerTick();
  const byCode = new Map(props.games.map((g) => [g.code, g]));
  const money = (a: string) => `${props.symbol}${formatMoneyString(a)}`;
  const cancellable = (b: LotteryBet) =>
    b.status === "open" &&
    byCode.get(b.gameCode)?.cancelAllowed === true &&
    secondsUntil(b.cutoffAt, now) > 0;

  return (
    <div data-testid="my-bets">
      <Tabs
        idBase="bets"
        label={t("lottery.myBets")}
        items={(["open", "settled"] as const).map((s) => ({ id: s, label: t(`lottery.bets.${s}`) }))}
        value={status}
        onChange={setStatus}
        testIdPrefix="bets-tab-"
      />
      <TabPanel idBase="bets" selected={status}>
        {bets.isError ? (
          <p className="field-error" role="alert">
            {t("lottery.betsFailed")}
          </p>
        ) : !bets.data ? (
          <p className="muted">{t("common.loading")}</p>
        ) : bets.data.items.length === 0 ? (
          <p className="muted" data-testid="bets-empty">
            {t(`lottery.bets.${status}Empty`)}
          </p>
        ) : (
          <ul className="lotto-bets">
            {bets.data.items.map((b) => (
              <li
                key={b.betId}
                className="lotto-bet"
                data-testid="bet-row"
                data-status={b.status}
                data-bet-type={b.betType}
                data-draw-no={b.drawNo}
              >
                <div className="lotto-bet-main">
                  <strong>{byCode.get(b.gameCode)?.name ?? b.gameCode}</strong> · {betTypeLabel(t, b.betType)}{" "}
                  ·{" "}
                  <span className="lotto-slip-numbers">
                    {b.selection.join(b.betType === "pick" ? " " : "-")}
                  </span>
                  <span className={`lotto-status lotto-status-${b.status}`} data-testid="bet-status">
                    {t(`lottery.status.${b.status}`)}
                  </span>
                </div>
                <div className="muted lotto-bet-meta">
                  {b.drawNo} · {formatDateTime(b.drawAt, i18n.language)} ·{" "}
                  {t("lottery.stakeOf", { stake: money(b.stake) })}
                  {b.status === "open" &&
                    ` · ${t("lottery.potentialWin", { amount: money(b.potentialWin) })}`}
                </div>
                {b.result && (
                  <div className="lotto-bet-result">
                    <ResultBalls
                      numbers={b.result}
                      size="sm"
                      highlight={b.selection}
                      label={t("lottery.resultOf", { drawNo: b.drawNo })}
                    />
                    {b.win !== null && (
                      <strong data-testid="bet-win" data-win={b.win}>
                        {b.status === "won" ? t("lottery.won", { amount: money(b.win) }) : t("lottery.noWin")}
                      </strong>
                    )}
                  </div>
                )}
                {cancellable(b) && (
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    disabled={props.cancelling === b.slipId}
                    onClick={() => props.onCancel(b.slipId)}
                    data-testid="bet-cancel"
                  >
                    {t("lottery.cancelSlip")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </TabPanel>
    </div>
  );
}
