import {
  AdminTableUpdate,
  TABLE_LIMIT_KINDS,
  type TableInfo,
  tableSettingsIssues,
} from "@panalo/contracts/live-tables";
import { pesosToAmount } from "../../lib/amounts.ts";
import { t } from "../../lib/i18n.ts";

/**
 * The table settings form's values and their way to the API: seconds for the
 * window and pause, one row per chip, one min/max pair per bet kind of the table's game (both
 * empty: the table's own minimum and maximum apply), Manila opening hours (both empty: always).
 */
export interface TableSettingsForm {
  enabled: boolean;
  bettingS: string;
  pauseS: string;
  minBet: string;
  maxBet: string;
  chips: Array<{ value: string }>;
  limits: Record<string, { min: string; max: string }>;
  opensAt: string;
  closesAt: string;
}

export function formOf(
  t: TableInfo & { opensAt?: string | null; closesAt?: string | null },
): TableSettingsForm {
  const limits: TableSettingsForm["limits"] = {};
  for (const k of TABLE_LIMIT_KINDS[t.game])
    limits[k] = { min: t.limits[k]?.min ?? "", max: t.limits[k]?.max ?? "" };
  return {
    enabled: t.enabled,
    bettingS: String(t.bettingMs / 1000),
    pauseS: String(t.pauseMs / 1000),
    minBet: t.minBet,
    maxBet: t.maxBet,
    chips: t.chips.map((value) => ({ value })),
    limits,
    opensAt: t.opensAt ?? "",
    closesAt: t.closesAt ?? "",
  };
}

const seconds = (v: string): number =>
  /^\s*\d+(\.\d+)?\s*$/.test(v) ? Math.round(Number(v) * 1000) : Number.NaN;

/** Pesos as typed ("1,000") as the API's "1000.00"; a text that is not one goes as typed, for the schema to name. */
const amount = (v: string): string => pesosToAmount(v, { allowZero: true }) ?? v.trim();

/** The API's body for the form (validated by AdminTableUpdate, as the server does). */
export function payloadOf(id: string, f: TableSettingsForm): AdminTableUpdate {
  const limits: Record<string, { min: string; max: string }> = {};
  for (const [k, v] of Object.entries(f.limits))
    if (v.min.trim() || v.max.trim())
      limits[k] = { min: v.min.trim() && amount(v.min), max: v.max.trim() && amount(v.max) };
  return {
    id,
    enabled: f.enabled,
    bettingMs: seconds(f.bettingS),
    pauseMs: seconds(f.pauseS),
    minBet: amount(f.minBet),
    maxBet: amount(f.maxBet),
    chips: f.chips.map((c) => amount(c.value)),
    limits,
    opensAt: f.opensAt || null,
    closesAt: f.closesAt || null,
  };
}

/** A field of the API body ("bettingMs", "chips.2", "limits.tie.max") as the form names it. */
export function formPath(apiPath: string): string {
  const [head, ...rest] = apiPath.split(".");
  if (head === "bettingMs") return "bettingS";
  if (head === "pauseMs") return "pauseS";
  if (head === "chips" && rest.length > 0) return `chips.${rest[0]}.value`;
  if (head === "limits" && rest.length === 1) return `limits.${rest[0]}.min`;
  return apiPath;
}

/** Every problem of the form, by the form's field names (empty: it can be sent). */
export function checkForm(id: string, f: TableSettingsForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [k, v] of Object.entries(f.limits)) {
    if (v.min.trim() && !v.max.trim()) errors[`limits.${k}.max`] = t("tableSettings.err.maxToo");
    if (!v.min.trim() && v.max.trim()) errors[`limits.${k}.min`] = t("tableSettings.err.minToo");
  }
  const body = payloadOf(id, f);
  const r = AdminTableUpdate.safeParse(body);
  const issues = r.success ? [] : [...r.error.issues, ...tableSettingsIssues(body)];
  for (const issue of issues) {
    const path = formPath(issue.path.join("."));
    // A seconds field that is not a number says so, rather than zod's "expected number".
    const message =
      (path === "bettingS" || path === "pauseS") &&
      Number.isNaN(path === "bettingS" ? body.bettingMs : body.pauseMs)
        ? t("tableSettings.err.seconds")
        : issue.message;
    errors[path] ??= message;
  }
  return errors;
}
