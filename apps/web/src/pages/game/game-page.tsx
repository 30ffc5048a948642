import type { LaunchGameValue } from "@panalo/contracts/games";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { Icon } from "../../components/icons.tsx";
import { openLogin } from "../../features/account/account-ui.ts";
import {
  followLaunch,
  type GameFrameState,
  launchErrorText,
  requestLaunch,
} from "../../features/games/launch.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../features/session/session-store.ts";
import "./game-page.css";

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

  useEffect(() => {
    if (!loggedIn && nodeId !== null) openLogin({ reason: "required" });
  }, [loggedIn, nodeId]);

  if (nodeId === null) {
    const vendor = params.get("gameCode") ?? params.get("vendor");
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
            <button type="button" className="btn btn-gold" onClick={() => openLogin({ reason: "required" })}>
              {t("login.submit")}
            </button>
          }
        />
      </div>
    );
  }
  return <GameFrame key={nodeId} nodeId={nodeId} name={name} />;
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
