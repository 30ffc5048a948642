// The texts of the app download page (area "download" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts(
  "download",
  import.meta.glob("../../../locales/*.json", { query: "?area=download", import: "default" }),
);
