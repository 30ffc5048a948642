import "../../i18n/texts/wallet.ts";
import { useTranslation } from "react-i18next";
import { Field } from "../../../components/field.tsx";
import { formatMoneyString } from "../../../lib/format.ts";

/**
 * An amount input: text with a decimal keyboard (a number input would silently drop what it
 * cannot parse, and the player must see why an amount is refused), the currency symbol in
 * front, the limits as a hint and a few quick amounts.
 */
export function AmountField(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  symbol: string | undefined;
  error?: string;
  hint?: string;
  /** Decimal strings ("500.00"). */
  quick?: readonly string[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Field id={props.id} label={t("wallet.amount.label")} error={props.error} required>
      <div className="amount-input">
        {props.symbol && (
          <span className="amount-symbol" aria-hidden="true">
            {props.symbol}
          </span>
        )}
        <input
          id={props.id}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.00"
          maxLength={20}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={props.error ? `${props.id}-error` : props.hint ? `${props.id}-hint` : undefined}
          data-testid={props.testId}
        />
      </div>
      {props.hint && (
        <p className="field-hint" id={`${props.id}-hint`} data-testid={`${props.testId}-hint`}>
          {props.hint}
        </p>
      )}
      {props.quick && props.quick.length > 0 && (
        <div className="quick-amounts">
          {props.quick.map((q) => (
            <button
              key={q}
              type="button"
              className="chip"
              onClick={() => props.onChange(q.replace(/\.00$/, ""))}
              data-testid={`${props.testId}-quick`}
            >
              {props.symbol}
              {formatMoneyString(q).replace(/\.00$/, "")}
            </button>
          ))}
        </div>
      )}
    </Field>
  );
}
