import type { GameCategory } from "@panalo/contracts/content";
import type { Dispatch } from "react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { MIN_BETS } from "../../features/games/constants.ts";
import { useDebounced } from "../../features/games/debounce.ts";
import { useVendorClassifies } from "../../features/games/games-api.ts";
import { isMinBet, type ListAction, type ListState } from "../../features/games/list-state.ts";

/**
 * Search by name (debounced 500 ms, spec §9), the classify filter and the min-bet filter
 * (spec §2). Each change goes back to the plain list at page 1 (spec §4, in the reducer).
 */
export function GamesFilters(props: {
  vendor: string;
  gameType: GameCategory;
  state: ListState;
  dispatch: Dispatch<ListAction>;
}) {
  const { vendor, state, dispatch } = props;
  const { t } = useTranslation();
  const [text, setText] = useState(state.search);
  const term = useDebounced(text);
  const { data: vendorClassifies } = useVendorClassifies(vendor, props.gameType);

  useEffect(() => dispatch({ type: "search", term }), [dispatch, term]);
  // Choosing hot, favourites or recent clears the search: the box follows.
  useEffect(() => {
    if (state.search === "") setText("");
  }, [state.search]);

  // Only classifies that have games, for the vendor or (all vendors) the category.
  const classifies = (vendorClassifies ?? []).filter((c) => c.count > 0).map((c) => c.gameClassify);

  return (
    <div className="games-filters">
      <label className="field-inline games-search">
        <span className="sr-only">{t("games.search")}</span>
        <input
          type="search"
          className="input"
          placeholder={t("games.search")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={50}
          data-testid="game-search"
        />
      </label>
      <label className="field-inline">
        <span className="sr-only">{t("games.classify")}</span>
        <select
          className="input"
          value={state.classify}
          onChange={(e) => dispatch({ type: "classify", classify: e.target.value })}
          data-testid="game-classify"
        >
          <option value="">{t("games.classifyAll")}</option>
          {classifies.map((c) => (
            <option key={c} value={c}>
              {t(`games.classify${c}`, { defaultValue: c })}
            </option>
          ))}
        </select>
      </label>
      <label className="field-inline">
        <span className="sr-only">{t("games.minBet")}</span>
        <select
          className="input"
          value={state.minBet}
          onChange={(e) => {
            const v = e.target.value;
            if (isMinBet(v)) dispatch({ type: "minBet", minBet: v });
          }}
          data-testid="game-minbet"
        >
          {MIN_BETS.map((m) => (
            <option key={m} value={m}>
              {m === "all" ? t("games.minBetAll") : t("games.minBetValue", { value: m })}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
