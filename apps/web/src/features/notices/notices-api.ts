import type { AnnouncementType, Notice } from "@panalo/contracts/content";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api.ts";
import { usePrefs } from "../prefs/prefs-store.ts";

/** The home marquee: type H notices in force, newest first (GET /wps/notice/home). */
export function useHomeNotices() {
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: ["notices", "home", lang],
    queryFn: () => api<Notice[]>("/wps/notice/home"),
  });
}

/** Announcements of the given types in force now (POST /wps/relay/MCSFE_getListAnnouncements). */
export function useAnnouncements(types: readonly AnnouncementType[]) {
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: ["notices", "list", types.join(","), lang],
    queryFn: () =>
      api<Notice[]>("/wps/relay/MCSFE_getListAnnouncements", {
        method: "POST",
        body: { types, platform: "W", execution: true },
      }),
  });
}
