// The texts of the lottery pages (area "lottery" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts(
  "lottery",
  import.meta.glob("../../../locales/*.json", { query: "?area=lottery", import: "default" }),
);
