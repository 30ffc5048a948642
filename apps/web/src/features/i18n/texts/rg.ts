// The texts of responsible gaming (limits, reality check, self-exclusion) (area "rg" of areas.ts), added before any module importing this runs.
import { loadTexts } from "../i18n.ts";

await loadTexts("rg", import.meta.glob("../../../locales/*.json", { query: "?area=rg", import: "default" }));
