// The texts of the agent centre and the agent contract pages (area "agent" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts(
  "agent",
  import.meta.glob("../../../locales/*.json", { query: "?area=agent", import: "default" }),
);
