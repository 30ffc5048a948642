// The texts of the agent centre and the agent contract pages (area "agent" of areas.ts), loaded when a chunk importing this runs;
// the lazy component or page of that chunk waits for them (lazy.ts, lazy-page.ts).
import { loadTexts } from "../i18n.ts";

loadTexts("agent", import.meta.glob("../../../locales/*.json", { query: "?area=agent", import: "default" }));
