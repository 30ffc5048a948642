// The texts of the registration page (area "register" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts(
  "register",
  import.meta.glob("../../../locales/*.json", { query: "?area=register", import: "default" }),
);
