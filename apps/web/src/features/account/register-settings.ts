import type { FieldConfig, RegisterSettingValue } from "@panalo/contracts/members";
import { acceptedPatternMatches, getPattern } from "@panalo/contracts/patterns";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { z } from "zod";
import { api } from "../../lib/api.ts";

export type RegisterSettings = z.infer<typeof RegisterSettingValue>;
export type Country = RegisterSettings["countries"][number];

/** GET /wps/system/setting/register: the registration form's fields, rules and countries. */
export function useRegisterSettings() {
  return useQuery({
    queryKey: ["system", "registerSettings"],
    queryFn: () => api<RegisterSettings>("/wps/system/setting/register"),
    staleTime: 10 * 60_000,
  });
}

/** Philippines first, as the server lists them; +63 when the list has not arrived. */
export function defaultDialingCode(countries: readonly Country[] | undefined, remembered?: string): string {
  if (remembered && countries?.some((c) => c.countryDialingCode === remembered)) return remembered;
  return countries?.[0]?.countryDialingCode ?? "63";
}

/**
 * The rule of one configured field (spec §3 field config, §5): empty is refused only when
 * required; then the length (min–max, or one figure when equal), the named pattern of
 * packages/contracts patterns.ts, and the operator's accepted pattern (`*` = anything).
 * Messages are catalog keys; `fieldParams` gives what they substitute.
 */
export function configuredRule(cfg: FieldConfig | undefined, required: boolean) {
  return z.string().superRefine((raw, ctx) => {
    const v = raw.trim();
    if (!v) {
      if (required) ctx.addIssue({ code: "custom", message: "fieldError.required" });
      return;
    }
    if (!cfg) return;
    if (v.length < cfg.minLength || v.length > cfg.maxLength) {
      const exact = cfg.minLength === cfg.maxLength;
      ctx.addIssue({ code: "custom", message: exact ? "fieldError.lengthExact" : "fieldError.length" });
      return;
    }
    const pattern = cfg.patternId ? getPattern(cfg.patternId) : undefined;
    if (pattern && !pattern.test(v)) {
      ctx.addIssue({ code: "custom", message: pattern.messageKey });
      return;
    }
    if (cfg.acceptedPattern && !acceptedPatternMatches(cfg.acceptedPattern, v)) {
      ctx.addIssue({ code: "custom", message: "fieldError.accepted" });
    }
  });
}

/** What a configured field's messages substitute: its name, its limits, its accepted form. */
export function fieldParams(cfg: FieldConfig | undefined, label: string): Record<string, string | number> {
  return {
    field: label,
    min: cfg?.minLength ?? 0,
    max: cfg?.maxLength ?? 0,
    n: cfg?.minLength ?? 0,
    pattern: cfg?.acceptedPattern?.replaceAll("*", "…") ?? "",
  };
}

/** The placeholder of a registration field: required ones start with a star (spec §5). */
export function placeholderOf(label: string, required: boolean): string {
  return required ? `* ${label}` : label;
}

/** Is the field on (enabled by the server's config)? */
export function isEnabled(settings: RegisterSettings | undefined, name: string): boolean {
  return settings?.fields[name]?.enabled === true;
}

export function labelOf(t: TFunction, name: string): string {
  return t(`field.${name}`);
}
