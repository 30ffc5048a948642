import type { HelpCategory } from "@panalo/contracts/content";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { usePrefs } from "../prefs/prefs-store.ts";

/** Help centre categories with their articles (GET /wps/system/helpCenter). */
export function useHelpCenter(enabled = true) {
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: ["help", lang],
    queryFn: () => api<HelpCategory[]>("/wps/system/helpCenter"),
    enabled,
  });
}
