// The texts of the points mall (area "pointMall" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts(
  "pointMall",
  import.meta.glob("../../../locales/*.json", { query: "?area=pointMall", import: "default" }),
);
