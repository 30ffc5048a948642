import { hasText, t } from "./i18n.ts";

/**
 * The labels of one closed list of codes the server sends and a screen shows (a status, a
 * kind, a period): `label(code)` is the catalogue's `<prefix>.<code>` in the operator's
 * language. A code the catalogue does not have (one the server added before the back office
 * learnt it) shows as it came, so a screen never breaks on it; locales/enum-labels.test.ts
 * keeps every code of `values` in both catalogues. Called while rendering, like `t`: the
 * component calls `useT()` to follow a change of language.
 */
export interface EnumLabels<V extends string> {
  (code: string | null | undefined): string;
  readonly prefix: string;
  readonly values: readonly V[];
}

export function enumLabels<V extends string>(prefix: string, values: readonly V[]): EnumLabels<V> {
  const label = (code: string | null | undefined): string => {
    if (code == null || code === "") return "";
    const key = `${prefix}.${code}`;
    return hasText(key) ? t(key) : code;
  };
  return Object.assign(label, { prefix, values });
}

/**
 * Every member of a union type the contracts give only as a type, as a list: the record must
 * name each member once, so a code added to the type fails the type check until it is listed.
 */
export function everyCode<V extends string>(all: Record<V, true>): V[] {
  // Object.keys of a Record<V, true> holds exactly the V keys the literal names.
  return Object.keys(all) as V[];
}
