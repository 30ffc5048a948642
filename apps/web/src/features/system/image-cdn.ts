import { useStatus } from "./system-api.ts";

/**
 * spec §3 permission response imageCDNs, §9 "chosen at random from their list": the site's own
 * images (`/media/…`, game thumbnails) load through one of the operator's image CDNs, the same
 * one for the whole visit (kept in sessionStorage while it stays listed), so the browser cache
 * is reused; with no list they load from the site itself.
 */
const KEY = "panalo-image-cdn";

function stored(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The visit's CDN from the list: the one chosen before if still listed, else one at random. */
export function chooseImageCdn(
  list: readonly string[],
  storage: Pick<Storage, "getItem" | "setItem"> | null = stored(),
  random: () => number = Math.random,
): string | null {
  if (list.length === 0) return null;
  const before = storage?.getItem(KEY);
  if (before && list.includes(before)) return before;
  const pick = list[Math.floor(random() * list.length)] ?? list[0] ?? null;
  try {
    if (pick) storage?.setItem(KEY, pick);
  } catch {
    // Storage refused: a new pick on the next page load.
  }
  return pick;
}

/** The image's address through the CDN: only the site's own media paths move, others stay. */
export function throughCdn(src: string, cdn: string | null): string {
  if (!cdn || !src.startsWith("/media/")) return src;
  return `${cdn.replace(/\/+$/, "")}${src}`;
}

/** A function giving an image's address through the visit's image CDN (if any). */
export function useImageSrc(): (src: string) => string {
  const list = useStatus().data?.imageCDNs ?? [];
  const cdn = chooseImageCdn(list);
  return (src) => throughCdn(src, cdn);
}
