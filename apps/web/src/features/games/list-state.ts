import { MIN_BETS, type MinBet } from "./constants.ts";

/**
 * The games page's list state (spec §4 "Games page list type"): which vendor, which list
 * (none = the searchable catalogue, hot, favourites, recent) and the filters. A changed list
 * state is a new list that starts again at page 1 (the list query is keyed by it).
 */
export type ListType = "none" | "hot" | "fav" | "recent";

export interface ListState {
  /** The vendor tab's vassalage; "all" is every vendor of the category. */
  vendor: string;
  listType: ListType;
  search: string;
  classify: string;
  minBet: MinBet;
}

export type ListAction =
  | { type: "vendor"; vendor: string }
  | { type: "list"; listType: ListType; loggedIn: boolean }
  | { type: "search"; term: string }
  | { type: "classify"; classify: string }
  | { type: "minBet"; minBet: MinBet }
  | { type: "loggedOut" };

export function isMinBet(value: string): value is MinBet {
  return (MIN_BETS as readonly string[]).includes(value);
}

/** spec §4: favourites and recent need login. */
export function needsLogin(listType: ListType): boolean {
  return listType === "fav" || listType === "recent";
}

const NO_FILTERS = { search: "", classify: "", minBet: "all" } as const;

export function initialListState(vendor: string, listType: ListType = "none"): ListState {
  return { vendor, listType, ...NO_FILTERS };
}

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case "vendor":
      // spec §4: changing vendor resets the filters.
      if (action.vendor === state.vendor) return state;
      return { ...state, ...NO_FILTERS, vendor: action.vendor };
    case "list":
      if (action.listType === state.listType) return state;
      if (needsLogin(action.listType) && !action.loggedIn) return state;
      // A named list (hot, favourites, recent) is not filtered: the filters clear so the
      // controls show what the list is.
      return action.listType === "none"
        ? { ...state, listType: "none" }
        : { ...state, ...NO_FILTERS, listType: action.listType };
    // spec §4: changing search, classify or min-bet resets the list type (and the page).
    case "search": {
      const term = action.term.trim();
      return term === state.search ? state : { ...state, search: term, listType: "none" };
    }
    case "classify":
      return action.classify === state.classify
        ? state
        : { ...state, classify: action.classify, listType: "none" };
    case "minBet":
      return action.minBet === state.minBet ? state : { ...state, minBet: action.minBet, listType: "none" };
    case "loggedOut":
      return needsLogin(state.listType) ? { ...state, listType: "none" } : state;
  }
}

/**
 * The next page to load after `pageNo` of `totalPages`, or null when there is none. spec §4:
 * hot shows the vendor's hot games in one page.
 */
export function nextPageNo(listType: ListType, pageNo: number, totalPages: number): number | null {
  if (listType === "hot") return null;
  return pageNo < totalPages ? pageNo + 1 : null;
}
