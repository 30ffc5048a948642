import type { LangCode } from "@panalo/contracts/envelope";
import { api } from "../../lib/api.ts";
import { setLangPref } from "../prefs/prefs-store.ts";
import { activateCatalog } from "./i18n.ts";

/**
 * Switch the site's language (spec §4): load the catalog, store the choice (which also
 * re-keys every translated server text), and tell the server (PUT /wps/member/language).
 */
export async function changeLanguage(lang: LangCode): Promise<void> {
  await activateCatalog(lang);
  setLangPref(lang);
  // The server keeps the choice for the member (or in a cookie for a guest); the site works
  // the same when the call fails, so a failure is not shown.
  await api<unknown>("/wps/member/language", { method: "PUT", body: { language: lang } }).catch(
    () => undefined,
  );
}
