// The texts of the registration page (area "register" of areas.ts), loaded when a chunk importing this runs;
// the lazy component or page of that chunk waits for them (lazy.ts, lazy-page.ts).
import { loadTexts } from "../i18n.ts";

loadTexts(
  "register",
  import.meta.glob("../../../locales/*.json", { query: "?area=register", import: "default" }),
);
