import type { GameCategory } from "@panalo/contracts/content";
import type { GameListValue, LaunchGameValue } from "@panalo/contracts/games";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { Icon } from "../../components/icons.tsx";
import { openLogin } from "../../features/account/account-ui.ts";
import { CATEGORY_PATH } from "../../features/games/categories.ts";
import {
  followLaunch,
  type GameFrameState,
  gamePath,
  launchErrorText,
  requestLaunch,
} from "../../features/games/launch.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../features/session/session-store.ts";
import { api } from "../../lib/api.ts";
import "./game-page.css";

const isCategory = (v: string): v is GameCategory => Object.hasOwn(CATEGORY_PATH, v);

type Frame = { kind: "loading" } | { kind: "ready"; url: string } | { kind: "failed"; error: unknown };

function isFrameState(value: unknown): value is GameFrameState {
  return typeof value === "object" && value !== null && "url" in value && typeof value.url === "string";
}

/**
 * spec §2 /game: the game in an iframe filling the screen under a slim bar (name, close). The
 * address carries the nodeId, so a reload launches again with a fresh token; the launch that
 * brought the player here hands its URL over once in the navigation state.
 */
export default function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const loggedIn = useSession((s) => s.token !== null);
  const raw = params.get("nodeId");
  const nodeId = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : null;
  const name = params.get("name") ?? "";

  // A login from this popup stays on this game (it launches once the session exists).
  const here = `/game?${params.toString()}`;
  useEffect(() => {
    if (!loggedIn && nodeId !== null) openLogin({ reason: "required", afterLogin: here });
  }, [loggedIn, nodeId, here]);

  if (nodeId === null) {
    const vendor = params.get("gameCode") ?? params.get("vendor");
    const gameType = params.get("gameType");
    // A nav link that names a vendor (cockfight, a single e-sports book): its game opens here.
    if (params.get("vendor") && gameType && isCategory(gameType)) {
      return (
        <VendorGame key={`${gameType}:${vendor}`} gameType={gameType} vendor={params.get("vendor") ?? ""} />
      );
    }
    return (
      <div className="page container" data-testid="page-game">
        <EmptyState
          icon="gamepad"
          title={vendor ? t("game.unavailable", { game: vendor }) : t("game.noneTitle")}
          text={t("game.noneText")}
          action={
            <Link to="/rng" className="btn btn-primary">
              {t("game.browse")}
            </Link>
          }
        />
      </div>
    );
  }
  if (!loggedIn) {
    return (
      <div className="page container" data-testid="page-game">
        <EmptyState
          icon="lock"
          title={t("game.loginTitle")}
          text={t("game.loginText")}
          action={
            <button
              type="button"
              className="btn btn-gold"
              onClick={() => openLogin({ reason: "required", afterLogin: here })}
            >
              {t("login.submit")}
            </button>
          }
        />
      </div>
    );
  }
  return <GameFrame key={nodeId} nodeId={nodeId} name={name} />;
}

/**
 * /game?gameType=…&vendor=…: the vendor's listed game (the first, for a vendor whose lobby is one
 * game) replaces the address and launches; a vendor with nothing listed says it is not available.
 */
function VendorGame({ gameType, vendor }: { gameType: GameCategory; vendor: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isError } = useQuery({
    queryKey: ["games", "vendorGame", gameType, vendor],
    queryFn: ({ signal }) =>
      api<GameListValue>("/wps/relay/GCSGAME_gameList", {
        method: "POST",
        body: { gameType, vassalage: vendor, pageNo: 1, pageSize: 1 },
        signal,
      }),
  });
  const first = data?.games[0];
  useEffect(() => {
    if (first) navigate(gamePath({ nodeId: first.nodeId, gameName: first.gameName }), { replace: true });
  }, [first, navigate]);
  if (!data && !isError) return <div className="page container" data-testid="page-game" aria-busy="true" />;
  if (first) return null;
  return (
    <div className="page container" data-testid="page-game">
      <EmptyState
        icon="gamepad"
        title={t("game.unavailable", { game: vendor })}
        text={t("lobby.unavailableText")}
        action={
          <Link to="/" className="btn btn-primary">
            {t("game.browse")}
          </Link>
        }
      />
    </div>
  );
}

function GameFrame({ nodeId, name }: { nodeId: number; name: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [handed] = useState(() => (isFrameState(location.state) ? location.state.url : null));
  const [frame, setFrame] = useState<Frame>(handed ? { kind: "ready", url: handed } : { kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  // Read through refs so the launch runs once per attempt, not on every render or address change.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const nameRef = useRef(name);
  nameRef.current = name;

  // The handed-over URL is used once: forget it so a reload asks for a fresh launch token.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival
  useEffect(() => {
    if (handed) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, []);

  useEffect(() => {
    if (handed && attempt === 0) return;
    const abort = new AbortController();
    setFrame({ kind: "loading" });
    requestLaunch(nodeId, abort.signal)
      .then((value: LaunchGameValue) => {
        if (value.mode === "iframe") setFrame({ kind: "ready", url: value.url });
        else followLaunch(value, { nodeId, gameName: nameRef.current }, navigateRef.current);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setFrame({ kind: "failed", error });
      });
    return () => abort.abort();
  }, [handed, attempt, nodeId]);

  // spec: the balance refreshes when the player leaves the game.
  useEffect(
    () => () => void client.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT, "balance"] }),
    [client],
  );

  const close = () => {
    // Back to where the game was chosen; a game opened from a link goes to the games list.
    if (location.key !== "default") navigate(-1);
    else navigate("/rng");
  };

  return (
    <div className="game-stage" data-testid="page-game">
      <div className="game-bar">
        <button type="button" className="game-bar-btn" onClick={close} data-testid="game-close">
          <Icon name="close" size={18} />
          <span>{t("game.close")}</span>
        </button>
        <h1 className="game-bar-title">{name || t("title.game")}</h1>
      </div>
      {frame.kind === "ready" && (
        <iframe
          className="game-iframe"
          src={frame.url}
          title={name || t("title.game")}
          allow="autoplay; fullscreen"
          allowFullScreen
          data-testid="game-frame"
        />
      )}
      {frame.kind === "loading" && (
        <div className="game-stage-note" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>{t("game.launching")}</span>
        </div>
      )}
      {frame.kind === "failed" && (
        <div className="game-stage-note">
          <EmptyState
            icon="alert"
            title={t("games.launchFailed", { game: name })}
            text={launchErrorText(
              frame.error,
              (k) => t(k),
              (k) => i18n.exists(k),
            )}
            action={
              <button type="button" className="btn btn-primary" onClick={() => setAttempt((a) => a + 1)}>
                {t("common.retry")}
              </button>
            }
          />
        </div>
      )}
    </div>
  );
}
