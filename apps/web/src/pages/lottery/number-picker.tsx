import "../../features/i18n/texts/lottery.ts";
import { useTranslation } from "react-i18next";

/** What a picker needs to know about a game's numbers (packages/game-math lottery.ts). */
export interface PickerShape {
  kind: "digits" | "pick";
  count: number;
  max: number;
}

/** Digits games draw 0–9 (2D: 1–31); pick games 1..max. */
export function lowestOf(shape: PickerShape): number {
  return shape.kind === "digits" && shape.max === 9 ? 0 : 1;
}

function range(lo: number, hi: number): number[] {
  return Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
}

/**
 * Choosing numbers. Digits games: one row per position (the order matters for a straight bet),
 * one value each. Pick games: a grid of 1..max, up to `count` distinct numbers. Every number is
 * a toggle button (aria-pressed) reachable with Tab and pressed with Enter or Space.
 */
export function NumberPicker(props: {
  shape: PickerShape;
  /** digits: value per position (null = not chosen); pick: the chosen numbers. */
  value: readonly (number | null)[];
  onChange: (next: (number | null)[]) => void;
}) {
  const { t } = useTranslation();
  const { shape, value, onChange } = props;
  const numbers = range(lowestOf(shape), shape.max);

  if (shape.kind === "digits") {
    return (
      <div className="lotto-picker" data-testid="lotto-picker">
        {range(0, shape.count - 1).map((pos) => (
          <fieldset key={pos} className="lotto-picker-row">
            <legend className="lotto-picker-legend">{t("lottery.position", { n: pos + 1 })}</legend>
            <div className={shape.max > 9 ? "lotto-grid lotto-grid-wide" : "lotto-grid"}>
              {numbers.map((n) => {
                const on = value[pos] === n;
                return (
                  <button
                    key={n}
                    type="button"
                    className={on ? "lotto-num is-on" : "lotto-num"}
                    aria-pressed={on}
                    aria-label={t("lottery.positionValue", { n: pos + 1, value: n })}
                    data-testid={`pick-${pos}-${n}`}
                    onClick={() => {
                      const next = Array.from({ length: shape.count }, (_, i) => value[i] ?? null);
                      next[pos] = on ? null : n;
                      onChange(next);
                    }}
                  >
                    {n}
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    );
  }

  const chosen = value.filter((v): v is number => v !== null);
  const full = chosen.length >= shape.count;
  return (
    <fieldset className="lotto-picker" data-testid="lotto-picker">
      <legend className="lotto-picker-legend">
        {t("lottery.pickCount", { need: shape.count, chosen: chosen.length })}
      </legend>
      <div className="lotto-grid lotto-grid-wide">
        {numbers.map((n) => {
          const on = chosen.includes(n);
          return (
            <button
              key={n}
              type="button"
              className={on ? "lotto-num is-on" : "lotto-num"}
              aria-pressed={on}
              disabled={!on && full}
              data-testid={`pick-${n}`}
              onClick={() =>
                onChange(on ? chosen.filter((c) => c !== n) : [...chosen, n].sort((a, b) => a - b))
              }
            >
              {n}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
