import { ADMIN_LANGS, type AdminLang, setAdminLang, type TextKey, useAdminLang, useT } from "../lib/i18n.ts";

/** English or Filipino for every back-office text; kept in this browser. */
export function LanguageSwitch() {
  const t = useT();
  const lang = useAdminLang();
  return (
    <select
      className="input select input--auto"
      value={lang}
      aria-label={t("lang.label")}
      onChange={(e) => setAdminLang(e.currentTarget.value as AdminLang)}
      data-testid="admin-lang"
    >
      {ADMIN_LANGS.map((l) => (
        <option key={l} value={l}>
          {t(`lang.${l}` as TextKey)}
        </option>
      ))}
    </select>
  );
}
