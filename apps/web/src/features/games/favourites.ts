import type { Game } from "@panalo/contracts/games";
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/toast.tsx";
import { api, failureText } from "../../lib/api.ts";
import { openLogin } from "../account/account-ui.ts";
import { useSession } from "../session/session-store.ts";
import { GAMES_KEY, type GamePage } from "./games-api.ts";

/** Every cached copy of the game says it is (or is not) a favourite. */
export function markFavourite(games: readonly Game[], nodeId: number, isFavorite: boolean): Game[] {
  return games.map((g) => (g.nodeId === nodeId && g.isFavorite !== isFavorite ? { ...g, isFavorite } : g));
}

type Snapshot = [readonly unknown[], unknown][];

function patchAll(client: QueryClient, nodeId: number, isFavorite: boolean): void {
  client.setQueriesData<InfiniteData<GamePage>>({ queryKey: [GAMES_KEY, "list"] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, games: markFavourite(p.games, nodeId, isFavorite) })),
        }
      : data,
  );
  for (const kind of ["hot", "popular"]) {
    client.setQueriesData<Game[]>({ queryKey: [GAMES_KEY, kind] }, (data) =>
      data ? markFavourite(data, nodeId, isFavorite) : data,
    );
  }
}

/**
 * spec §4: the favourite toggle adds or removes by nodeId depending on the current state. The
 * star changes at once; a refused call puts every list back as it was and says why.
 */
export function useToggleFavourite() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const loggedIn = useSession((s) => s.token !== null);
  const mutation = useMutation({
    mutationFn: (game: Game) =>
      api<unknown>(`/wps/relay/${game.isFavorite ? "MCSFE_removeFavoriteGame" : "MCSFE_addFavoriteGame"}`, {
        method: "POST",
        body: { nodeId: game.nodeId },
      }),
    onMutate: async (game): Promise<Snapshot> => {
      await client.cancelQueries({ queryKey: [GAMES_KEY] });
      const snapshot: Snapshot = client.getQueriesData({ queryKey: [GAMES_KEY] });
      patchAll(client, game.nodeId, !game.isFavorite);
      return snapshot;
    },
    onError: (err, _game, snapshot) => {
      for (const [key, data] of snapshot ?? []) client.setQueryData(key, data);
      toast(failureText(err, t("games.favFailed"), t("errors.network")), "error");
    },
    onSettled: () => {
      // The favourites tab itself gains or loses the game.
      void client.invalidateQueries({ queryKey: [GAMES_KEY, "list"], predicate: isFavList });
    },
  });
  return (game: Game) => {
    // spec §4: favourites need login.
    if (!loggedIn) openLogin({ reason: "required" });
    else mutation.mutate(game);
  };
}

function isFavList(query: { queryKey: readonly unknown[] }): boolean {
  const state = query.queryKey[3];
  return typeof state === "object" && state !== null && "listType" in state && state.listType === "fav";
}
