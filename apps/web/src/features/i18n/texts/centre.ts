// The texts of the member centre's other pages (area "centre" of areas.ts), loaded when a chunk
// importing this runs; the lazy component or page of that chunk waits for them (lazy.ts,
// lazy-page.ts).
import { loadTexts } from "../i18n.ts";

loadTexts(
  "centre",
  import.meta.glob("../../../locales/*.json", { query: "?area=centre", import: "default" }),
);
