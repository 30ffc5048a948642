import type { Banner, BannerGroup } from "@panalo/contracts/content";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { usePrefs } from "../prefs/prefs-store.ts";

/** The live banners of one group (spec §2 banner groups by path), in the operator's order. */
export function useBanners(group: BannerGroup) {
  const lang = usePrefs((s) => s.lang);
  const path = `/wps/system/banners?groups=${group}`;
  return useQuery({
    queryKey: ["banners", group, lang],
    queryFn: () => api<Banner[]>(path),
  });
}
