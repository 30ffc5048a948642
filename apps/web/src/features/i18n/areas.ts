/**
 * The language catalogues (src/locales/XX.json) are written whole, one file per language; the
 * build serves each in parts. The "core" part (every namespace not listed here) loads before the
 * first render; each area's namespaces load with the code that shows them: a module using an
 * area's keys imports `./texts/<area>.ts`, which starts loading the area's texts of the active
 * language when its chunk runs, and the lazy component or route page of that chunk (lazy.ts,
 * app/lazy-page.ts) renders only once they are in, so the page never draws a key (no flash of
 * English or of keys, in Filipino as in any language). The site's first screens (home, /rng,
 * /live) do not download the member centre's, the lottery's or the agents' texts this way.
 * (Not a top-level await in the texts modules: with one, the bundler split the entry's modules
 * shared with lazy chunks into some twenty small chunks, 4 KB gz heavier.)
 * home-bundle.test.ts and areas.test.ts keep the split honest: no texts module on the entry's
 * static imports, every module using an area's keys importing its texts module, and every lazy
 * component waiting for its texts.
 */
export const CATALOGUE_AREAS = {
  wallet: ["wallet"],
  // the member centre's other pages: bonuses, rewards, rebates, referrals, profit, bet records
  centre: ["bonus", "rewards", "rebate", "referral", "profit", "betRecord", "loyalty"],
  rg: ["rg"],
  lottery: ["lottery"],
  agent: ["agent", "agentContracts"],
  pointMall: ["pointMall"],
  sports: ["sports"],
  register: ["register"],
  download: ["download"],
  // signing in and the account's security: login, password, forgotten password, SMS codes
  acct: ["acct", "field", "forgot", "password", "sms", "reset", "pattern"],
} as const satisfies Record<string, readonly string[]>;

export type CatalogueArea = keyof typeof CATALOGUE_AREAS;

const AREA_OF = new Map<string, CatalogueArea>(
  Object.entries(CATALOGUE_AREAS).flatMap(([area, namespaces]) =>
    namespaces.map((ns) => [ns, area as CatalogueArea] as const),
  ),
);

/** The namespaces of one part of a catalogue: "core" or an area. */
export function cataloguePart(catalog: Record<string, unknown>, part: string): Record<string, unknown> {
  if (part !== "core" && !(part in CATALOGUE_AREAS)) throw new Error(`no catalogue area ${part}`);
  return Object.fromEntries(
    Object.entries(catalog).filter(([ns]) => (part === "core" ? !AREA_OF.has(ns) : AREA_OF.get(ns) === part)),
  );
}
