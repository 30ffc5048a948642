import { type ReactNode, useId, useState } from "react";
import { useFormContext } from "react-hook-form";
import {
  type AmountProblem,
  percentText,
  pesosText,
  type RateUnit,
  readPercent,
  readPesos,
  showPercent,
  showPesos,
} from "../lib/amounts.ts";
import { useT } from "../lib/i18n.ts";
import { describedBy, FieldShell, useFieldError } from "./form-fields.tsx";

/**
 * The back office's one money input and one percentage input (lib/amounts.ts): the operator
 * types pesos ("1,234.50") or a percentage ("0.75"); the page reads the text with `readPesos`
 * or `readPercent` into the server's unit. The field says why a text is refused as soon as it
 * is left, and shows the value stored now in the same unit.
 */
interface Common {
  label: ReactNode;
  /** The text as typed (the page keeps it, and reads it on save). */
  value: string;
  onChange: (text: string) => void;
  /** Blank is a valid value (no cap, no limit): no "enter a value" message. */
  optional?: boolean;
  disabled?: boolean;
  testId?: string;
  /** The label for screen readers only (a cell in a table row). */
  hideLabel?: boolean;
  hint?: ReactNode;
  /** Called when the field is left with a valid value (save-on-leave cells). */
  onCommit?: () => void;
}

function useProblemText(kind: "amount" | "rate", decimals: number) {
  const t = useT();
  return (p: AmountProblem): string => {
    if (kind === "rate") {
      const rate: Record<AmountProblem, string> = {
        empty: t("rate.empty"),
        format: t("rate.format"),
        decimals: t("rate.decimals", { n: decimals }),
        negative: t("rate.negative"),
        zero: t("rate.format"),
        too_large: t("rate.tooLarge"),
      };
      return rate[p];
    }
    const amount: Record<AmountProblem, string> = {
      empty: t("amount.empty"),
      format: t("amount.format"),
      decimals: t("amount.decimals"),
      negative: t("amount.negative"),
      zero: t("amount.zero"),
      too_large: t("amount.tooLarge"),
    };
    return amount[p];
  };
}

function AffixInput(p: {
  common: Common;
  affix: { before?: string; after?: string };
  problem: string | undefined;
  savedText: string | undefined;
  tidy: (text: string) => string | null;
}) {
  const t = useT();
  const { common: c } = p;
  const id = useId();
  const [left, setLeft] = useState(false);
  const error = left ? p.problem : undefined;
  const hint = [c.hint, p.savedText ? t("amount.saved", { value: p.savedText }) : null].filter(Boolean);
  const hintNode = hint.length
    ? hint.map((h, i) => (
        <span key={String(i)}>
          {i ? " · " : ""}
          {h}
        </span>
      ))
    : undefined;
  return (
    <FieldShell
      id={id}
      label={c.hideLabel ? <span className="visually-hidden">{c.label}</span> : c.label}
      hint={hintNode}
      error={error}
      className="field--amount"
    >
      <span className="input-affix">
        {p.affix.before && <span aria-hidden="true">{p.affix.before}</span>}
        <input
          id={id}
          className="input input--amount"
          inputMode="decimal"
          autoComplete="off"
          value={c.value}
          disabled={c.disabled}
          data-testid={c.testId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hintNode, error)}
          onChange={(e) => c.onChange(e.currentTarget.value)}
          onBlur={() => {
            setLeft(true);
            const tidy = p.tidy(c.value);
            if (tidy === null) return;
            if (tidy !== c.value) c.onChange(tidy);
            c.onCommit?.();
          }}
        />
        {p.affix.after && <span aria-hidden="true">{p.affix.after}</span>}
      </span>
    </FieldShell>
  );
}

/** Pesos with two decimals; `saved` is the stored value in minor units. */
export function MoneyInput(props: Common & { saved?: bigint | number | string | null; allowZero?: boolean }) {
  const problemText = useProblemText("amount", 2);
  const read = (text: string) => readPesos(text, { allowZero: props.allowZero });
  const r = read(props.value);
  const blank = props.optional && !props.value.trim();
  return (
    <AffixInput
      common={props}
      affix={{ before: "₱" }}
      problem={r.ok || blank ? undefined : problemText(r.problem)}
      savedText={props.saved === undefined || props.saved === null ? undefined : showPesos(props.saved)}
      tidy={(text) => {
        if (props.optional && !text.trim()) return "";
        const v = read(text);
        return v.ok ? pesosText(v.value) : null;
      }}
    />
  );
}

/** A percentage; `unit` is the server's (basis points, ppm, …), `saved` the stored parts. */
export function PercentInput(props: Common & { unit: RateUnit; saved?: number | null; maxParts?: number }) {
  const problemText = useProblemText("rate", props.unit.decimals);
  const read = (text: string) => readPercent(text, props.unit, { maxParts: props.maxParts });
  const r = read(props.value);
  const blank = props.optional && !props.value.trim();
  return (
    <AffixInput
      common={props}
      affix={{ after: "%" }}
      problem={r.ok || blank ? undefined : problemText(r.problem)}
      savedText={
        props.saved === undefined || props.saved === null ? undefined : showPercent(props.saved, props.unit)
      }
      tidy={(text) => {
        if (props.optional && !text.trim()) return "";
        const v = read(text);
        return v.ok ? percentText(v.value, props.unit) : null;
      }}
    />
  );
}

/**
 * The money input inside a react-hook-form form: the field holds the typed text ("1,234.50"),
 * tidied when left; the form's own schema reads it (`pesosToAmount` to the API's "1234.50").
 */
export function MoneyField(props: {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  testId?: string;
  required?: boolean;
}) {
  const { register, setValue, getValues } = useFormContext();
  const id = useId();
  const error = useFieldError(props.name);
  const reg = register(props.name);
  return (
    <FieldShell
      id={id}
      label={props.label}
      hint={props.hint}
      error={error}
      required={props.required}
      className="field--amount"
    >
      <span className="input-affix">
        <span aria-hidden="true">₱</span>
        <input
          id={id}
          className="input input--amount"
          inputMode="decimal"
          autoComplete="off"
          data-testid={props.testId}
          aria-required={props.required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, props.hint, error)}
          {...reg}
          onBlur={(e) => {
            void reg.onBlur(e);
            const r = readPesos(String(getValues(props.name) ?? ""), { allowZero: true });
            if (r.ok) setValue(props.name, pesosText(r.value));
          }}
        />
      </span>
    </FieldShell>
  );
}
