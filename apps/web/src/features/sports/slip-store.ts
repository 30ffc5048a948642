import { create } from "zustand";

/** The bet slip: the chosen outcomes, the bet type, stake and odds policy. */
export interface SlipItem {
  outcomeId: number;
  matchId: number;
  match: string;
  market: string;
  outcome: string;
  /** The price the player saw and accepted. */
  odds: number;
}
export type SlipMode = "single" | "parlay" | "system";
export type OddsPolicy = "any" | "higher" | "none";

interface SlipState {
  items: SlipItem[];
  mode: SlipMode;
  systemCode: string;
  stake: string;
  policy: OddsPolicy;
  toggle(item: SlipItem): void;
  remove(outcomeId: number): void;
  accept(prices: Map<number, number>): void;
  clear(): void;
  set(p: Partial<Pick<SlipState, "mode" | "systemCode" | "stake" | "policy">>): void;
}

const POLICY_KEY = "panalo.sports.policy";
const readPolicy = (): OddsPolicy => {
  try {
    const v = localStorage.getItem(POLICY_KEY);
    return v === "any" || v === "higher" ? v : "none";
  } catch {
    return "none";
  }
};

export const useSlip = create<SlipState>((set, get) => ({
  items: [],
  mode: "single",
  systemCode: "2/3",
  stake: "",
  policy: readPolicy(),
  toggle: (item) => {
    const items = get().items;
    const had = items.some((i) => i.outcomeId === item.outcomeId);
    const next = had ? items.filter((i) => i.outcomeId !== item.outcomeId) : [...items, item];
    set({
      items: next,
      mode: next.length > 1 && get().mode === "single" ? "parlay" : next.length <= 1 ? "single" : get().mode,
    });
  },
  remove: (id) => {
    const next = get().items.filter((i) => i.outcomeId !== id);
    set({ items: next, ...(next.length <= 1 ? { mode: "single" as const } : {}) });
  },
  accept: (prices) =>
    set({ items: get().items.map((i) => ({ ...i, odds: prices.get(i.outcomeId) ?? i.odds })) }),
  clear: () => set({ items: [], stake: "", mode: "single" }),
  set: (p) => {
    if (p.policy) {
      try {
        localStorage.setItem(POLICY_KEY, p.policy);
      } catch {
        // private mode: kept for this page only
      }
    }
    set(p);
  },
}));

const FORMAT_KEY = "panalo.sports.oddsFormat";
export type OddsFormatChoice = "decimal" | "hk" | "malay" | "indo";
export const useOddsFormat = create<{ format: OddsFormatChoice; setFormat(f: OddsFormatChoice): void }>(
  (set) => ({
    format: (() => {
      try {
        const v = localStorage.getItem(FORMAT_KEY);
        return v === "hk" || v === "malay" || v === "indo" ? v : "decimal";
      } catch {
        return "decimal";
      }
    })(),
    setFormat: (format) => {
      try {
        localStorage.setItem(FORMAT_KEY, format);
      } catch {
        // private mode
      }
      set({ format });
    },
  }),
);
