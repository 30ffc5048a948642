import "../../features/i18n/texts/lottery.ts";
import type { LotteryDraw } from "@panalo/contracts/lottery";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format.ts";
import { ResultBalls } from "./result-balls.tsx";

const FIRST_SHOWN = 10;

/**
 * The last result, large, and the history of the game's last 100 draws (spec §9 numero count
 * 100), ten first and the rest on request; each links to its verify page.
 */
export function ResultsPanel(props: { draws: readonly LotteryDraw[] | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const [all, setAll] = useState(false);
  const drawn = (props.draws ?? []).filter((d) => d.result !== null);
  const [last, ...rest] = drawn;
  if (props.loading && !props.draws) return <p className="muted">{t("common.loading")}</p>;
  if (!last) return <p className="muted">{t("lottery.noResults")}</p>;
  const shown = all ? rest : rest.slice(0, FIRST_SHOWN - 1);
  return (
    <div className="lotto-results" data-testid="lotto-results">
      <div className="lotto-last" data-testid="lotto-last-result" data-draw-no={last.drawNo}>
        <p className="lotto-draw-label">{t("lottery.lastResult", { drawNo: last.drawNo })}</p>
        <ResultBalls numbers={last.result ?? []} label={t("lottery.resultOf", { drawNo: last.drawNo })} />
        <Link className="lotto-verify-link" to={`/lottery/verify?drawNo=${encodeURIComponent(last.drawNo)}`}>
          {t("lottery.verify")}
        </Link>
      </div>
      <table className="table lotto-history" data-testid="lotto-history">
        <caption className="sr-only">{t("lottery.history")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("lottery.drawNo")}</th>
            <th scope="col">{t("lottery.drawTime")}</th>
            <th scope="col">{t("lottery.result")}</th>
            <th scope="col">
              <span className="sr-only">{t("lottery.verify")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((d) => (
            <tr key={d.drawNo} data-testid="history-row">
              <td>{d.drawNo}</td>
              <td>{formatDateTime(d.drawAt, i18n.language)}</td>
              <td>
                <ResultBalls
                  numbers={d.result ?? []}
                  size="sm"
                  label={t("lottery.resultOf", { drawNo: d.drawNo })}
                />
              </td>
              <td>
                <Link to={`/lottery/verify?drawNo=${encodeURIComponent(d.drawNo)}`}>
                  {t("lottery.verify")}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {!all && rest.length > shown.length && (
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setAll(true)}>
          {t("lottery.showAll", { n: drawn.length })}
        </button>
      )}
    </div>
  );
}
