import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../components/toast.tsx";
import { changeLanguage } from "../features/i18n/language.ts";
import { isLangCode, LANG_NAMES, LANGS, usePrefs } from "../features/prefs/prefs-store.ts";

/** The language picker: a native select, each language named in itself. */
export function LangPicker({ className = "" }: { className?: string }) {
  const { t } = useTranslation();
  const lang = usePrefs((s) => s.lang);
  const id = useId();
  return (
    <span className={`lang-picker ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t("header.language")}
      </label>
      <select
        id={id}
        data-testid="lang-picker"
        value={lang}
        onChange={(e) => {
          const next = e.target.value;
          if (isLangCode(next)) changeLanguage(next).catch(() => toast(t("errors.network"), "error"));
        }}
      >
        {LANGS.map((code) => (
          <option key={code} value={code} lang={code === "TY" ? "fil" : undefined}>
            {LANG_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
