// The texts of the sportsbook (area "sports" of areas.ts), loaded when a chunk importing this runs;
// the lazy component or page of that chunk waits for them (lazy.ts, lazy-page.ts).
import { loadTexts } from "../i18n.ts";

loadTexts(
  "sports",
  import.meta.glob("../../../locales/*.json", { query: "?area=sports", import: "default" }),
);
