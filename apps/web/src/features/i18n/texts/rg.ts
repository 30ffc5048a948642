// The texts of responsible gaming (limits, reality check, self-exclusion) (area "rg" of areas.ts), loaded when a chunk importing this runs;
// the lazy component or page of that chunk waits for them (lazy.ts, lazy-page.ts).
import { loadTexts } from "../i18n.ts";

loadTexts("rg", import.meta.glob("../../../locales/*.json", { query: "?area=rg", import: "default" }));
