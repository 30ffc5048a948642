// The texts of the member centre's money pages (deposit, withdraw, transfers, records) (area "wallet" of areas.ts), loaded when a chunk importing this runs;
// the lazy component or page of that chunk waits for them (lazy.ts, lazy-page.ts).
import { loadTexts } from "../i18n.ts";

loadTexts(
  "wallet",
  import.meta.glob("../../../locales/*.json", { query: "?area=wallet", import: "default" }),
);
