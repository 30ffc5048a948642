import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { type Player, playerState } from "./players-api.ts";

/** Active, Locked, Closed, or a lockout after failed logins with its end. */
export function PlayerStatusBadge({ player }: { player: Player }) {
  const t = useT();
  const state = playerState(player);
  switch (state) {
    case "active":
      return <span className="badge badge--success">{t("players.statusOf.active")}</span>;
    case "locked":
      return <span className="badge badge--danger">{t("players.statusOf.locked")}</span>;
    case "closed":
      return <span className="badge badge--muted">{t("players.statusOf.closed")}</span>;
    case "lockout":
      return (
        <span className="badge badge--warn" title={t("players.lockoutWhy")}>
          {t("players.lockedOutUntil", { at: formatDateTime(player.lockedUntil) })}
        </span>
      );
  }
}
