import { formatDateTime } from "../../lib/dates.ts";
import { type Player, playerState } from "./players-api.ts";

/** Active, Locked, Closed, or a lockout after failed logins with its end. */
export function PlayerStatusBadge({ player }: { player: Player }) {
  const state = playerState(player);
  switch (state) {
    case "active":
      return <span className="badge badge--success">Active</span>;
    case "locked":
      return <span className="badge badge--danger">Locked</span>;
    case "closed":
      return <span className="badge badge--muted">Closed</span>;
    case "lockout":
      return (
        <span className="badge badge--warn" title="Too many failed logins">
          Locked out until {formatDateTime(player.lockedUntil)}
        </span>
      );
  }
}
