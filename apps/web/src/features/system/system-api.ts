import type { CockfightAvailability } from "@panalo/contracts/cockfight";
import type {
  GameMenu as GameMenuSchema,
  ResourceType,
  SeoEntry,
  SystemStatusValue,
} from "@panalo/contracts/content";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "../../lib/api.ts";
import { usePrefs } from "../prefs/prefs-store.ts";

export type GameMenu = z.infer<typeof GameMenuSchema>;

/**
 * The permission response (spec §2 root view, §4 status): fetched once per full page load and
 * per language (texts are translated); never kept across reloads.
 */
export function useStatus() {
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: ["system", "status", lang],
    queryFn: () => api<SystemStatusValue>("/wps/system/status"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Game categories and their vendors, in nav order (spec §2 header nav). */
export function useGameMenus() {
  return useQuery({
    queryKey: ["games", "menus"],
    queryFn: () => api<GameMenu[]>("/lgw/games/game_menus"),
  });
}

export function useSeoEntries() {
  const lang = usePrefs((s) => s.lang);
  return useQuery({
    queryKey: ["system", "seo", lang],
    queryFn: () => api<SeoEntry[]>("/wps/system/seo"),
  });
}

/** The URL of a resource (social link, app download), or null when the operator has none. */
export function resourceOf(
  status: SystemStatusValue | undefined,
  type: ResourceType,
): { url: string; qrCodeUrl: string | null } | null {
  return status?.resources.find((r) => r.resourceType === type) ?? null;
}

/**
 * Whether cockfight is offered where this visitor is (the operator turns it on per region;
 * off by default): the nav entry and /cockfight say so when it is not.
 */
export function useCockfightAvailability() {
  return useQuery({
    queryKey: ["cockfight", "availability"],
    queryFn: () => api<CockfightAvailability>("/wps/cockfight/availability"),
    staleTime: 60_000,
  });
}
