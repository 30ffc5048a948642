import { useTranslation } from "react-i18next";
import { Icon } from "../components/icons.tsx";
import { setTheme, usePrefs } from "../features/prefs/prefs-store.ts";

/** Light (default) or dark; the choice is stored and applied before the next first paint. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const dark = usePrefs((s) => s.theme === "dark");
  return (
    <button
      type="button"
      className="icon-btn"
      data-testid="theme-toggle"
      aria-pressed={dark}
      title={t("header.darkTheme")}
      onClick={() => setTheme(dark ? "light" : "dark")}
    >
      <Icon name={dark ? "sun" : "moon"} />
      <span className="sr-only">{t("header.darkTheme")}</span>
    </button>
  );
}
