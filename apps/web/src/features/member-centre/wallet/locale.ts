import { useTranslation } from "react-i18next";
import { HTML_LANG, isLangCode } from "../../prefs/prefs-store.ts";

/** The BCP 47 tag of the player's language, for dates (the catalog is keyed by site codes). */
export function useLocale(): string {
  const { i18n } = useTranslation();
  return isLangCode(i18n.language) ? HTML_LANG[i18n.language] : "en";
}
