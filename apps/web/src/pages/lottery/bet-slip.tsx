import "../../features/i18n/texts/lottery.ts";
import type { LotteryBetType } from "@panalo/contracts/lottery";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal.tsx";
import { lineCost, type SlipEntry, slipTotal, toMoneyString } from "../../features/lottery/slip.ts";
import { formatMoneyString } from "../../lib/format.ts";

export function betTypeLabel(t: (k: string) => string, betType: LotteryBetType): string {
  return t(`lottery.betType.${betType}`);
}

const moneyOf = (symbol: string, minor: bigint) => `${symbol}${formatMoneyString(toMoneyString(minor))}`;

/** The lines of a slip, each with its cost, as on the slip and in the confirmation. */
function SlipLines(props: {
  entries: readonly SlipEntry[];
  symbol: string;
  refused?: ReadonlySet<number>;
  onRemove?: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <ul className="lotto-slip-lines">
      {props.entries.map((e, i) => (
        <li
          key={e.id}
          className={props.refused?.has(i) ? "lotto-slip-line is-refused" : "lotto-slip-line"}
          data-testid="slip-line"
          data-bet-type={e.betType}
        >
          <div className="lotto-slip-line-main">
            <strong>{e.gameName}</strong> · {betTypeLabel(t, e.betType)}
            <span className="lotto-slip-numbers" data-testid="slip-numbers">
              {e.selection.join(e.betType === "pick" ? " " : "-")}
            </span>
          </div>
          <div className="muted lotto-slip-line-meta">
            {e.repeat > 1 ? t("lottery.lineDraws", { drawNo: e.drawNo, draws: e.repeat }) : e.drawNo} ·{" "}
            {t("lottery.lineCost", { stake: moneyOf(props.symbol, e.stakeMinor), draws: e.repeat })}{" "}
            <strong data-testid="slip-line-cost">{moneyOf(props.symbol, lineCost(e))}</strong>
            {e.quickPick ? ` · ${t("lottery.quickPick")}` : ""}
          </div>
          {props.onRemove && (
            <button
              type="button"
              className="btn btn-ghost btn-sm lotto-slip-remove"
              onClick={() => props.onRemove?.(e.id)}
              aria-label={t("lottery.removeLine", { n: i + 1 })}
            >
              ✕
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * The bet slip: many lines across games and draws, the total before
 * confirming, one confirmation for the whole slip (one debit). A refusal from the server is
 * shown above the slip, and the line it names is marked.
 */
export function BetSlip(props: {
  entries: readonly SlipEntry[];
  symbol: string;
  busy: boolean;
  error: string | null;
  refused: ReadonlySet<number>;
  onRemove: (id: string) => void;
  onClear: () => void;
  /** Asked to place: answers false when the player must log in first (nothing opens then). */
  onRequestPlace: () => boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { entries, symbol } = props;
  const total = slipTotal(entries);
  return (
    <section className="lotto-slip card" aria-labelledby="lotto-slip-title" data-testid="lotto-slip">
      <div className="lotto-slip-head">
        <h2 id="lotto-slip-title" className="lotto-section-title">
          {t("lottery.slip")} <span className="muted">({entries.length})</span>
        </h2>
        {entries.length > 0 && (
          <button type="button" className="btn btn-ghost btn-sm" onClick={props.onClear}>
            {t("lottery.clearSlip")}
          </button>
        )}
      </div>
      {props.error && (
        <p className="lotto-slip-error" role="alert" data-testid="slip-error">
          {props.error}
        </p>
      )}
      {entries.length === 0 ? (
        <p className="muted">{t("lottery.slipEmpty")}</p>
      ) : (
        <SlipLines entries={entries} symbol={symbol} refused={props.refused} onRemove={props.onRemove} />
      )}
      <p className="lotto-slip-total">
        <span>{t("lottery.total")}</span>
        <strong data-testid="slip-total" data-total={toMoneyString(total)}>
          {moneyOf(symbol, total)}
        </strong>
      </p>
      <button
        type="button"
        className="btn btn-gold btn-block"
        disabled={entries.length === 0 || props.busy}
        aria-busy={props.busy || undefined}
        onClick={() => {
          if (props.onRequestPlace()) setConfirming(true);
        }}
        data-testid="slip-place"
      >
        {t("lottery.placeBets")}
      </button>
      {confirming && (
        <Modal
          title={t("lottery.confirmTitle")}
          onClose={() => setConfirming(false)}
          testId="slip-confirm"
          size="wide"
          footer={
            <div className="dialog-buttons">
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
                {t("common.cancel")}
              </button>
              <button
                type="button"
                className="btn btn-primary"
                data-testid="slip-confirm-button"
                onClick={() => {
                  setConfirming(false);
                  props.onConfirm();
                }}
              >
                {t("lottery.confirmPay", { total: moneyOf(symbol, total) })}
              </button>
            </div>
          }
        >
          <SlipLines entries={entries} symbol={symbol} />
          <p className="lotto-slip-total">
            <span>{t("lottery.total")}</span>
            <strong data-testid="slip-confirm-total">{moneyOf(symbol, total)}</strong>
          </p>
          <p className="muted">{t("lottery.confirmText")}</p>
        </Modal>
      )}
    </section>
  );
}
