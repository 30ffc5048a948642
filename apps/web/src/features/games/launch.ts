import type { LaunchGameValue as LaunchValue } from "@panalo/contracts/games";
import { useTranslation } from "react-i18next";
import { type NavigateFunction, useNavigate } from "react-router";
import { showDialog, showLoader } from "../../components/dialogs.tsx";
import { ApiError, api } from "../../lib/api.ts";
import { openLogin } from "../account/account-ui.ts";
import { endSession, useSession } from "../session/session-store.ts";

/** What a launch needs to know about the game (a card, a winner entry, a reload of /game). */
export interface LaunchTarget {
  nodeId: number;
  gameName: string;
}

/** The /game page's address for a game; nodeId in the query so a reload can launch again. */
export function gamePath(target: LaunchTarget): string {
  const q = new URLSearchParams({ nodeId: String(target.nodeId), name: target.gameName });
  return `/game?${q.toString()}`;
}

/** What /game receives in the navigation state when the launch already happened. */
export interface GameFrameState {
  url: string;
}

/** POST /wps/game/launchGame: a fresh launch (a new launch token every time). */
export function requestLaunch(nodeId: number, signal?: AbortSignal): Promise<LaunchValue> {
  return api<LaunchValue>("/wps/game/launchGame", { method: "POST", body: { nodeId }, signal });
}

/**
 * The refusal in the player's language: the site's own text for codes it knows (so every
 * language has one), else the server's message (sent in the X-Lang language), else a generic one.
 */
export function launchErrorText(
  err: unknown,
  t: (key: string) => string,
  has: (key: string) => boolean,
): string {
  if (!(err instanceof ApiError)) return t("errors.unknown");
  if (err.code === "NETWORK_ERROR") return t("errors.network");
  const key = `gameErrors.${err.code}`;
  if (has(key)) return t(key);
  return err.message || t("errors.unknown");
}

/** Where the answer sends the player (spec §4: a lottery page, a popup game list, or /game). */
export function followLaunch(value: LaunchValue, target: LaunchTarget, navigate: NavigateFunction): void {
  if (value.mode === "iframe") {
    const state: GameFrameState = { url: value.url };
    navigate(gamePath(target), { state });
    return;
  }
  // Lottery pages and popup game lists are pages of this site, or a vendor's own page.
  if (value.url.startsWith("/")) navigate(value.url);
  else window.open(value.url, "_blank", "noopener");
}

/**
 * spec §4/§5 game launch: without a session the login popup opens, and a login there continues
 * to the game (its /game address launches it); then the platform is asked (it decides whether a trial account may play this game with play
 * money and answers a clear refusal when not, shown as it comes).
 */
export function useLaunchGame(): (target: LaunchTarget) => void {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((s) => s.token !== null);
  return (target) => {
    // After logging in through the popup the launch continues on /game (a fresh launch there).
    if (!loggedIn) {
      openLogin({ reason: "required", afterLogin: gamePath(target) });
      return;
    }
    const hide = showLoader();
    requestLaunch(target.nodeId)
      .then((value) => followLaunch(value, target, navigate))
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401) {
          // The session ended on the server: log in again.
          endSession();
          openLogin({ reason: "required", afterLogin: gamePath(target) });
          return;
        }
        showDialog({
          icon: "warning",
          title: t("games.launchFailed", { game: target.gameName }),
          text: launchErrorText(
            err,
            (k) => t(k),
            (k) => i18n.exists(k),
          ),
          testId: "game-launch-error",
        });
      })
      .finally(hide);
  };
}
