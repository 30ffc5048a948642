import { type ReactNode, useState } from "react";
import { Link, useLocation, useParams } from "react-router";
import { useCan, useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader } from "../../components/page-header.tsx";
import { EmptyRow } from "../../components/table-states.tsx";
import { isApiCode } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { describeUserAgent } from "../../lib/user-agent.ts";
import { PlayerCardsSection } from "../cards/player-cards.tsx";
import { AdjustmentDialog } from "../finance/adjustment-dialog.tsx";
import { PlayerFishShotsSection } from "../fish/player-fish-shots.tsx";
import { RgSummarySection } from "../responsible-gaming/player-rg-page.tsx";
import { LockPlayerDialog, TemporaryPasswordDialog } from "./player-dialogs.tsx";
import { loginFailureLabel } from "./player-labels.ts";
import { PlayerStatusBadge } from "./player-status.tsx";
import {
  BalancesSection,
  BonusesSection,
  IdentitySection,
  MoneyHistorySections,
  NotesSection,
} from "./player-view-sections.tsx";
import {
  type Player,
  type PlayerDetail,
  playerState,
  playerType,
  usePlayer,
  useTemporaryPassword,
  useUnlockPlayer,
} from "./players-api.ts";
import type { PlayerListState } from "./players-page.tsx";

/**
 * How a session was opened or a login tried ("oidc:google" → "Google sign-in"), in the
 * operator's language (called while rendering).
 */
function methodLabel(method: string): string {
  const known: Record<string, TextKey> = {
    password: "playerDetail.method.password",
    sms: "playerDetail.method.sms",
    register: "playerDetail.method.register",
    freeplay: "playerDetail.method.freeplay",
  };
  if (method.startsWith("oidc:")) {
    const provider = method.slice(5);
    return t("playerDetail.method.oidc", {
      provider: `${provider.charAt(0).toUpperCase()}${provider.slice(1)}`,
    });
  }
  const key = known[method];
  return key ? t(key) : method;
}

function Device({ userAgent }: { userAgent: string | null }) {
  return <span title={userAgent ?? undefined}>{describeUserAgent(userAgent)}</span>;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const none = <span className="muted">—</span>;

function PlayerFields({ player }: { player: Player }) {
  const t = useT();
  const state = playerState(player);
  return (
    <dl className="panel detail-list" data-testid="player-fields">
      <Field label={t("playerDetail.username")}>{player.username}</Field>
      <Field label={t("playerDetail.playerId")}>{player.id}</Field>
      <Field label={t("playerDetail.type")}>{playerType(player.isAgent)}</Field>
      <Field label={t("playerDetail.status")}>
        <PlayerStatusBadge player={player} />
      </Field>
      <Field label={t("playerDetail.mobile")}>{player.mobile ?? none}</Field>
      <Field label={t("playerDetail.email")}>{player.email ?? none}</Field>
      <Field label={t("playerDetail.currency")}>{player.currency}</Field>
      <Field label={t("playerDetail.password")}>
        {player.mustChangePassword ? (
          <span className="badge badge--warn">{t("playerDetail.mustChange")}</span>
        ) : (
          t("playerDetail.setByPlayer")
        )}
      </Field>
      <Field label={t("playerDetail.created")}>{formatDateTime(player.createdAt)}</Field>
      <Field label={t("playerDetail.lastLogin")}>
        {player.lastLoginAt ? (
          formatDateTime(player.lastLoginAt)
        ) : (
          <span className="muted">{t("playerDetail.never")}</span>
        )}
      </Field>
      {player.lockReason && (
        <Field label={t("playerDetail.lockReason")}>
          <span className="cell-text">{player.lockReason}</span>
        </Field>
      )}
      {state === "lockout" && (
        <Field label={t("playerDetail.lockedOutUntil")}>{formatDateTime(player.lockedUntil)}</Field>
      )}
    </dl>
  );
}

function SessionsTable({ sessions }: { sessions: PlayerDetail["sessions"] }) {
  const t = useT();
  const columns = 6;
  return (
    <section className="section" aria-labelledby="player-sessions">
      <div className="section-header">
        <h2 id="player-sessions">{t("playerDetail.sessions")}</h2>
        <span className="muted">{sessions.length}</span>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="player-sessions">
          <thead>
            <tr>
              <th scope="col">{t("playerDetail.started")}</th>
              <th scope="col">{t("playerDetail.lastSeen")}</th>
              <th scope="col">{t("playerDetail.expires")}</th>
              <th scope="col">{t("playerDetail.method")}</th>
              <th scope="col">{t("playerDetail.ip")}</th>
              <th scope="col">{t("playerDetail.device")}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.length === 0 && <EmptyRow columns={columns} title={t("playerDetail.noSessions")} />}
            {sessions.map((s) => (
              <tr key={`${s.createdAt}-${s.ip}-${s.userAgent}`} data-testid="player-session-row">
                <td className="cell-nowrap">{formatDateTime(s.createdAt)}</td>
                <td className="cell-nowrap">{formatDateTime(s.lastSeenAt)}</td>
                <td className="cell-nowrap">{formatDateTime(s.expiresAt)}</td>
                <td>{methodLabel(s.method)}</td>
                <td className="cell-nowrap">{s.ip ?? none}</td>
                <td>
                  <Device userAgent={s.userAgent} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function LoginsTable({ logins }: { logins: PlayerDetail["logins"] }) {
  const t = useT();
  const columns = 5;
  return (
    <section className="section" aria-labelledby="player-logins">
      <div className="section-header">
        <h2 id="player-logins">{t("playerDetail.logins")}</h2>
        <span className="muted">{t("playerDetail.latest", { n: logins.length })}</span>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="player-logins">
          <thead>
            <tr>
              <th scope="col">{t("playerDetail.time")}</th>
              <th scope="col">{t("playerDetail.result")}</th>
              <th scope="col">{t("playerDetail.method")}</th>
              <th scope="col">{t("playerDetail.ip")}</th>
              <th scope="col">{t("playerDetail.device")}</th>
            </tr>
          </thead>
          <tbody>
            {logins.length === 0 && <EmptyRow columns={columns} title={t("playerDetail.noLogins")} />}
            {logins.map((l, i) => (
              // Entries have no id; the server's order (newest first) is stable for one answer.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i} data-testid="player-login-row" data-success={l.success}>
                <td className="cell-nowrap">
                  <time dateTime={l.at}>{formatDateTime(l.at)}</time>
                </td>
                <td>
                  {l.success ? (
                    <span className="badge badge--success">{t("playerDetail.success")}</span>
                  ) : (
                    <span className="badge badge--danger">{t("playerDetail.failed")}</span>
                  )}
                  {!l.success && l.reason && (
                    <span className="cell-sub muted">{loginFailureLabel(l.reason)}</span>
                  )}
                </td>
                <td>{methodLabel(l.method)}</td>
                <td className="cell-nowrap">{l.ip ?? none}</td>
                <td>
                  <Device userAgent={l.userAgent} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

type Dialogs = "lock" | "confirm-password" | "adjust" | null;

function PlayerActions({
  player,
  canWrite,
  canAdjust,
}: {
  player: Player;
  canWrite: boolean;
  canAdjust: boolean;
}) {
  const t = useT();
  const [open, setOpen] = useState<Dialogs>(null);
  const [password, setPassword] = useState<string | null>(null);
  const unlock = useUnlockPlayer(player.id);
  const temporary = useTemporaryPassword(player.id);
  const state = playerState(player);
  const busy = unlock.isPending || temporary.isPending;

  const onUnlock = () =>
    unlock.mutate(undefined, {
      onSuccess: (saved) => toast.success(t("playerDetail.unlocked", { name: saved.username })),
    });
  const onTemporary = () =>
    temporary.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(t("playerDetail.tempSet", { name: result.player.username }));
        setOpen(null);
        setPassword(result.temporaryPassword);
        temporary.reset(); // the password stays only in this component's state
      },
    });

  return (
    <>
      {canAdjust && player.currency !== "FUN" && (
        <button
          type="button"
          className="btn"
          onClick={() => setOpen("adjust")}
          disabled={busy}
          data-testid="player-adjust"
        >
          {t("playerDetail.adjust")}
        </button>
      )}
      {open === "adjust" && (
        <AdjustmentDialog
          player={{ id: player.id, username: player.username }}
          onClose={() => setOpen(null)}
        />
      )}
      {canWrite && state === "active" && (
        <button
          type="button"
          className="btn btn--danger-ghost"
          onClick={() => setOpen("lock")}
          disabled={busy}
          data-testid="player-lock"
        >
          {t("playerDetail.lock")}
        </button>
      )}
      {canWrite && (state === "locked" || state === "lockout") && (
        <button type="button" className="btn" onClick={onUnlock} disabled={busy} data-testid="player-unlock">
          {unlock.isPending ? t("playerDetail.unlocking") : t("playerDetail.unlock")}
        </button>
      )}
      {canWrite && state !== "closed" && (
        <button
          type="button"
          className="btn"
          onClick={() => setOpen("confirm-password")}
          disabled={busy}
          data-testid="player-temp-password"
        >
          {t("playerDetail.tempPassword")}
        </button>
      )}
      {open === "lock" && <LockPlayerDialog player={player} onClose={() => setOpen(null)} />}
      {open === "confirm-password" && (
        <ConfirmDialog
          title={t("playerDetail.tempTitle")}
          message={
            <>
              <p>
                {t("playerDetail.tempBefore")}
                <strong>{player.username}</strong>
                {t("playerDetail.tempAfter")}
              </p>
              <p>{t("playerDetail.tempNext")}</p>
            </>
          }
          confirmLabel={t("playerDetail.tempPassword")}
          tone="primary"
          busy={temporary.isPending}
          onConfirm={onTemporary}
          onCancel={() => setOpen(null)}
        />
      )}
      {password !== null && (
        <TemporaryPasswordDialog
          username={player.username}
          password={password}
          onClose={() => setPassword(null)}
        />
      )}
    </>
  );
}

function DetailSkeleton() {
  const t = useT();
  return (
    <div className="page-skeleton" role="status" aria-label={t("playerDetail.loading")}>
      <span className="skeleton skeleton--title" />
      <span className="skeleton skeleton--block" />
      <span className="skeleton skeleton--block" />
    </div>
  );
}

function PlayerDetailView({ id, back }: { id: number; back: ReactNode }) {
  const t = useT();
  const canWrite = useCanWrite("players");
  // The wallet is finance data: a support operator sees the player but not the money.
  const canSeeMoney = useCan("finance.read");
  const canSeeBonuses = useCan("marketing.read");
  const canAdjust = useCan("players.adjust");
  const detail = usePlayer(id);

  if (!detail.data) {
    if (detail.isPending) return <DetailSkeleton />;
    const missing = isApiCode(detail.error, "NOT_FOUND");
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">
          {missing ? t("playerDetail.noPlayer", { id }) : t("playerDetail.loadFailed")}
        </p>
        <div className="page-actions">
          {back}
          {!missing && (
            <button type="button" className="btn btn--sm" onClick={() => detail.refetch()}>
              {t("table.retry")}
            </button>
          )}
        </div>
      </div>
    );
  }

  const { player, sessions, logins } = detail.data;
  return (
    <div data-testid="player-detail" data-player-id={player.id}>
      <p className="breadcrumb">
        {back} <span aria-hidden="true">/</span> {player.username}
      </p>
      <PageHeader
        title={player.username}
        description={t("playerDetail.description", {
          id: player.id,
          type: playerType(player.isAgent),
          currency: player.currency,
        })}
        actions={
          (canWrite || canAdjust) && (
            <PlayerActions player={player} canWrite={canWrite} canAdjust={canAdjust} />
          )
        }
      />
      {player.status === "locked" && player.lockReason && (
        <p className="alert alert--warn" role="note">
          {t("playerDetail.lockedBecause", { reason: player.lockReason })}
        </p>
      )}
      <PlayerFields player={player} />
      {canSeeMoney && <BalancesSection id={player.id} />}
      {canSeeBonuses && <BonusesSection id={player.id} />}
      <IdentitySection id={player.id} />
      {canSeeMoney && <MoneyHistorySections id={player.id} />}
      <NotesSection id={player.id} canWrite={canWrite} />
      <RgSummarySection id={player.id} />
      <PlayerFishShotsSection id={player.id} />
      <PlayerCardsSection id={player.id} />
      <SessionsTable sessions={sessions} />
      <LoginsTable logins={logins} />
    </div>
  );
}

function isListState(state: unknown): state is PlayerListState {
  return typeof state === "object" && state !== null && "list" in state && typeof state.list === "string";
}

export function PlayerDetailPage() {
  const t = useT();
  const params = useParams();
  const location = useLocation();
  const id = Number(params.id);
  const listUrl = isListState(location.state) ? location.state.list : "/players";
  const back = (
    <Link to={listUrl} data-testid="player-back">
      {t("playerDetail.back")}
    </Link>
  );
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">{t("playerDetail.noSuchPlayer")}</p>
        {back}
      </div>
    );
  }
  // A new id starts from a clean view (dialogs closed, no password on screen).
  return <PlayerDetailView key={id} id={id} back={back} />;
}
