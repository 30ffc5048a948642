// The texts of the app download page (area "download" of areas.ts), loaded when a chunk importing this runs;
// the lazy component or page of that chunk waits for them (lazy.ts, lazy-page.ts).
import { loadTexts } from "../i18n.ts";

loadTexts(
  "download",
  import.meta.glob("../../../locales/*.json", { query: "?area=download", import: "default" }),
);
