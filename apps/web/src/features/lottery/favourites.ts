/**
 * spec §3: "Lottery favourites are stored locally per username." One localStorage entry per
 * player (never shared between two players on one browser), a list of game codes, at most 50.
 */
const PREFIX = "panalo.lotteryFav.";
const MAX_FAVOURITES = 50;

function keyOf(username: string): string {
  return `${PREFIX}${username.toLowerCase()}`;
}

export function readFavourites(
  username: string | null,
  storage: Storage | undefined = safeStorage(),
): string[] {
  if (!username || !storage) return [];
  try {
    const parsed: unknown = JSON.parse(storage.getItem(keyOf(username)) ?? "[]");
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((c): c is string => typeof c === "string" && c.length <= 40)
      .slice(0, MAX_FAVOURITES);
  } catch {
    return [];
  }
}

/** Add or remove a game code (spec §4: the toggle depends on the current state); answers the new list. */
export function toggleFavourite(
  username: string,
  gameCode: string,
  storage: Storage | undefined = safeStorage(),
): string[] {
  const current = readFavourites(username, storage);
  const next = current.includes(gameCode)
    ? current.filter((c) => c !== gameCode)
    : [...current, gameCode].slice(-MAX_FAVOURITES);
  try {
    storage?.setItem(keyOf(username), JSON.stringify(next));
  } catch {
    // storage full or blocked: the list lives for this page only
  }
  return next;
}

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
