// The texts of the sportsbook (area "sports" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts(
  "sports",
  import.meta.glob("../../../locales/*.json", { query: "?area=sports", import: "default" }),
);
