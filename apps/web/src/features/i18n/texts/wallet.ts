// The texts of the member centre's money pages (deposit, withdraw, transfers, records) (area "wallet" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts(
  "wallet",
  import.meta.glob("../../../locales/*.json", { query: "?area=wallet", import: "default" }),
);
