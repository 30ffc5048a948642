// The texts of the login form and the member centre's security pages (area "acct" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts(
  "acct",
  import.meta.glob("../../../locales/*.json", { query: "?area=acct", import: "default" }),
);
