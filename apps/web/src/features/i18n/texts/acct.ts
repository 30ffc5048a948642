// The texts of signing in and the account's security (login, passwords, SMS codes) (area "acct" of areas.ts), loaded when a chunk importing this runs;
// the lazy component or page of that chunk waits for them (lazy.ts, lazy-page.ts).
import { loadTexts } from "../i18n.ts";

loadTexts("acct", import.meta.glob("../../../locales/*.json", { query: "?area=acct", import: "default" }));
