import type { ChatMemberPanel, ChatMoneyLine } from "@panalo/contracts/chat";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/dates.ts";

const KYC_LABELS: Record<string, string> = {
  none: "Not started",
  pending: "Waiting for review",
  more_info: "More information asked",
  verified: "Verified",
  rejected: "Rejected",
};
const STATE_LABELS: Record<string, string> = {
  pending: "Pending",
  awaiting_payment: "Awaiting payment",
  approved: "Approved",
  paid: "Paid",
  rejected: "Rejected",
  failed: "Failed",
  received: "Received",
  partly_received: "Partly received",
  not_received: "Not received",
  auto_received: "Received (automatic)",
};

/**
 * Beside a conversation: the member as far as the operator's role shows it on the player page —
 * who they are, KYC and limits; balance, open and latest deposits and withdrawals, the latest
 * ledger entries and rounds — with a link to the player's page. A side panel on a wide screen;
 * on a narrow one a section that opens and closes (the CSS decides which, chat.css).
 */
export function MemberSide({ panel }: { panel: UseQueryResult<ChatMemberPanel> }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <aside className="panel chat-member-panel" aria-label="Member" data-testid="chat-member">
      <button
        type="button"
        className="btn btn--sm chat-member-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
        data-testid="chat-member-toggle"
      >
        {open ? "Hide the member" : `Show the member${panel.data ? `: ${panel.data.username}` : ""}`}
      </button>
      <div id={bodyId} className={`chat-member-body${open ? "" : " chat-member-body--closed"}`}>
        {panel.data ? (
          <MemberFacts data={panel.data} />
        ) : panel.isError ? (
          <p className="muted">The member could not be loaded.</p>
        ) : (
          <p className="muted">Loading the member…</p>
        )}
      </div>
    </aside>
  );
}

function MemberFacts({ data }: { data: ChatMemberPanel }) {
  const p = data.player;
  const money = data.money;
  return (
    <>
      <h2 className="chat-side-title">{data.username}</h2>
      <p className="muted">Language: {data.language}</p>
      <p>
        <Link to={`/players/${data.memberId}`} data-testid="chat-member-player-link">
          Open the player's page
        </Link>
      </p>
      {p ? (
        <dl className="chat-facts">
          <dt>Nickname</dt>
          <dd>{p.nickname ?? "—"}</dd>
          <dt>VIP level</dt>
          <dd>{p.vipLevel}</dd>
          <dt>Status</dt>
          <dd>{p.status}</dd>
          <dt>KYC</dt>
          <dd data-testid="chat-member-kyc">
            {KYC_LABELS[p.kyc.status] ?? p.kyc.status}
            {p.kyc.verifiedAt && ` (${formatDateTime(p.kyc.verifiedAt)})`}
          </dd>
          <dt>Real name</dt>
          <dd>{p.kyc.realNameVerified ? "Verified" : "Not verified"}</dd>
          <dt>Blocked</dt>
          <dd>
            {p.limits.blocked
              ? `${p.limits.blocked.kind === "self_exclusion" ? "Self-exclusion" : "Cooling-off"} until ${formatDateTime(p.limits.blocked.until)}`
              : "No"}
          </dd>
          <dt>Limits</dt>
          <dd data-testid="chat-member-limits">
            {p.limits.set.length === 0 && p.limits.sessionMinutes === null
              ? "None set"
              : [
                  ...p.limits.set.map(
                    (l) =>
                      `${l.kind} per ${l.period}: ${l.amount ?? "none"} (used ${l.used})${l.pendingAmount ? `, change to ${l.pendingAmount} waiting` : ""}`,
                  ),
                  ...(p.limits.sessionMinutes === null ? [] : [`session: ${p.limits.sessionMinutes} min`]),
                ].join("; ")}
          </dd>
        </dl>
      ) : (
        <p className="muted">Your role does not show this player's details.</p>
      )}
      {money ? (
        <>
          <dl className="chat-facts">
            <dt>Balance</dt>
            <dd data-testid="chat-member-balance">
              {money.currencySymbol}
              {money.sumBalance}
            </dd>
            <dt>Main</dt>
            <dd>{money.main}</dd>
            <dt>Bonus</dt>
            <dd>{money.bonus}</dd>
            <dt>Held</dt>
            <dd>{money.held}</dd>
          </dl>
          <MoneyLines title="Deposits" lines={money.deposits} testId="chat-member-deposits" />
          <MoneyLines title="Withdrawals" lines={money.withdrawals} testId="chat-member-withdrawals" />
          <h3 className="chat-side-title">Latest ledger entries</h3>
          <div className="table-wrap">
            <table className="table" data-testid="chat-member-ledger">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Movement</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {money.ledger.length === 0 && <EmptyRow />}
                {money.ledger.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDateTime(e.createdAt)}</td>
                    <td>
                      {e.type} · {e.account}
                    </td>
                    <td>{e.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="muted">Your role does not show this player's money.</p>
      )}
      {data.rounds && (
        <>
          <h3 className="chat-side-title">Latest rounds</h3>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col">Bet</th>
                  <th scope="col">Net</th>
                </tr>
              </thead>
              <tbody>
                {data.rounds.length === 0 && <EmptyRow />}
                {data.rounds.map((r) => (
                  <tr key={r.roundId}>
                    <td>{r.game}</td>
                    <td>{r.bet}</td>
                    <td>{r.net}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </>
  );
}

function EmptyRow() {
  return (
    <tr>
      <td colSpan={3} className="muted">
        None
      </td>
    </tr>
  );
}

function MoneyLines(props: { title: string; lines: ChatMoneyLine[]; testId: string }) {
  return (
    <>
      <h3 className="chat-side-title">{props.title}</h3>
      <div className="table-wrap">
        <table className="table" data-testid={props.testId}>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Amount</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {props.lines.length === 0 && <EmptyRow />}
            {props.lines.map((d) => (
              <tr key={d.id} className={d.open ? "chat-line--open" : undefined}>
                <td>{formatDateTime(d.createdAt)}</td>
                <td>{d.amount}</td>
                <td>
                  {d.open ? (
                    <span className="badge">{STATE_LABELS[d.status] ?? d.status}</span>
                  ) : (
                    (STATE_LABELS[d.status] ?? d.status)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
