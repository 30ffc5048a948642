import { hasText, type TextKey, t } from "./i18n.ts";

/**
 * The labels of one closed list of codes the server sends and a screen shows (a status, a
 * kind, a period): `label(code)` is the code's catalogue text in the operator's language. A
 * code the catalogue does not have (one the server added before the back office learnt it)
 * shows as it came, so a screen never breaks on it; locales/enum-labels.test.ts keeps every
 * code of `values` in both catalogues. Called while rendering, like `t`: the component calls
 * `useT()` to follow a change of language.
 */
export interface EnumLabels<V extends string> {
  (code: string | null | undefined): string;
  readonly values: readonly V[];
  /** The catalogue key of `code`. */
  keyOf(code: string): string;
}

function labels<V extends string>(values: readonly V[], keyOf: (code: string) => string): EnumLabels<V> {
  const label = (code: string | null | undefined): string => {
    if (code == null || code === "") return "";
    const key = keyOf(code);
    return hasText(key) ? t(key) : code;
  };
  return Object.assign(label, { values, keyOf });
}

/** Labels kept under `<prefix>.<code>`. */
export function enumLabels<V extends string>(prefix: string, values: readonly V[]): EnumLabels<V> {
  return labels(values, (code) => `${prefix}.${code}`);
}

/** Labels kept under keys of their own, for codes a screen already named (a form's options). */
export function enumLabelsOf<V extends string>(keys: Record<V, TextKey>): EnumLabels<V> {
  const byCode: Partial<Record<string, TextKey>> = keys;
  // Object.keys of a Record<V, TextKey> holds exactly the V keys the literal names.
  return labels(Object.keys(keys) as V[], (code) => byCode[code] ?? "");
}

/**
 * Every member of a union type the contracts give only as a type, as a list: the record must
 * name each member once, so a code added to the type fails the type check until it is listed.
 */
export function everyCode<V extends string>(all: Record<V, true>): V[] {
  // Object.keys of a Record<V, true> holds exactly the V keys the literal names.
  return Object.keys(all) as V[];
}
