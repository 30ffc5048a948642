import "../../i18n/texts/centre.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { money } from "../wallet/money.ts";
import { useDepositBonusOptions } from "./bonus-api.ts";
import "./bonus.css";

/**
 * The deposit page's bonus choice: the first-deposit and reload bonuses the
 * member may take now, each with what it gives for the amount typed, or none. Shown only when
 * the member is offered any (agents, households under review, a bonus already active: none).
 */
export function DepositBonusChoice(props: {
  amount: string | null;
  symbol: string | undefined;
  value: number | null;
  onChange: (ruleId: number | null) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  const options = useDepositBonusOptions(props.amount);
  const items = options.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <fieldset className="bonus-choice" data-testid="deposit-bonus-choice">
      <legend>{t("bonus.choose")}</legend>
      <label>
        <input
          type="radio"
          name={name}
          checked={props.value === null}
          onChange={() => props.onChange(null)}
        />
        <span>{t("bonus.noBonus")}</span>
      </label>
      {items.map((o) => (
        <label key={o.id} data-testid={`deposit-bonus-${o.id}`}>
          <input
            type="radio"
            name={name}
            checked={props.value === o.id}
            onChange={() => props.onChange(o.id)}
          />
          <span>
            <strong>{o.name}</strong>{" "}
            {t("bonus.offer", {
              percent: o.percent,
              max: o.maxBonus ? money(props.symbol, o.maxBonus) : "—",
              min: money(props.symbol, o.minDeposit),
              multiple: o.wageringMultiple,
            })}
            {o.bonusForAmount && o.bonusForAmount !== "0.00" && (
              <em data-testid="deposit-bonus-gives">
                {" "}
                {t("bonus.gives", { amount: money(props.symbol, o.bonusForAmount) })}
              </em>
            )}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
