import type { ChatMemberPanel, ChatMoneyLine } from "@panalo/contracts/chat";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, t as text, useT } from "../../lib/i18n.ts";
import { movementLabel } from "../finance/ledger-api.ts";
import { memberStatusLabel } from "../players/player-labels.ts";

/** The KYC and payment states' names in the catalogue, looked up when drawn. */
const KYC_LABELS: Record<string, TextKey> = {
  none: "chatMember.kycNone",
  pending: "chatMember.kycPending",
  more_info: "chatMember.kycMoreInfo",
  verified: "chatMember.kycVerified",
  rejected: "chatMember.kycRejected",
};
const STATE_LABELS: Record<string, TextKey> = {
  pending: "chatMember.statePending",
  awaiting_payment: "chatMember.stateAwaiting",
  approved: "chatMember.stateApproved",
  paid: "chatMember.statePaid",
  rejected: "chatMember.stateRejected",
  failed: "chatMember.stateFailed",
  received: "chatMember.stateReceived",
  partly_received: "chatMember.statePartly",
  not_received: "chatMember.stateNotReceived",
  auto_received: "chatMember.stateAuto",
};
/** A state's name, or the state itself when it has none (called while drawing). */
const labelOf = (labels: Record<string, TextKey>, value: string) => {
  const key = labels[value];
  return key ? text(key) : value;
};

/**
 * Beside a conversation: the member as far as the operator's role shows it on the player page —
 * who they are, KYC and limits; balance, open and latest deposits and withdrawals, the latest
 * ledger entries and rounds — with a link to the player's page. A side panel on a wide screen;
 * on a narrow one a section that opens and closes (the CSS decides which, chat.css).
 */
export function MemberSide({ panel }: { panel: UseQueryResult<ChatMemberPanel> }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <aside className="panel chat-member-panel" aria-label={t("chat.member")} data-testid="chat-member">
      <button
        type="button"
        className="btn btn--sm chat-member-toggle"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
        data-testid="chat-member-toggle"
      >
        {open
          ? t("chatMember.hide")
          : panel.data
            ? t("chatMember.showNamed", { name: panel.data.username })
            : t("chatMember.show")}
      </button>
      <div id={bodyId} className={`chat-member-body${open ? "" : " chat-member-body--closed"}`}>
        {panel.data && <MemberFacts data={panel.data} />}
        {!panel.data && panel.isError && <p className="muted">{t("chatMember.loadError")}</p>}
        {!panel.data && !panel.isError && <p className="muted">{t("chatMember.loading")}</p>}
      </div>
    </aside>
  );
}

function MemberFacts({ data }: { data: ChatMemberPanel }) {
  const t = useT();
  const p = data.player;
  const money = data.money;
  return (
    <>
      <h2 className="chat-side-title">{data.username}</h2>
      <p className="muted">{t("chatMember.language", { lang: data.language })}</p>
      <p>
        <Link to={`/players/${data.memberId}`} data-testid="chat-member-player-link">
          {t("chatMember.openPlayer")}
        </Link>
      </p>
      {p ? (
        <dl className="chat-facts">
          <dt>{t("chatMember.nickname")}</dt>
          <dd>{p.nickname ?? "—"}</dd>
          <dt>{t("loyalty.vipLevel")}</dt>
          <dd>{p.vipLevel}</dd>
          <dt>{t("loyalty.status")}</dt>
          <dd>{memberStatusLabel(p.status)}</dd>
          <dt>{t("section.kyc")}</dt>
          <dd data-testid="chat-member-kyc">
            {labelOf(KYC_LABELS, p.kyc.status)}
            {p.kyc.verifiedAt && ` (${formatDateTime(p.kyc.verifiedAt)})`}
          </dd>
          <dt>{t("chatMember.realName")}</dt>
          <dd>{p.kyc.realNameVerified ? t("chatMember.kycVerified") : t("chatMember.notVerified")}</dd>
          <dt>{t("chatMember.blocked")}</dt>
          <dd>
            {p.limits.blocked
              ? t("chatMember.blockedUntil", {
                  kind:
                    p.limits.blocked.kind === "self_exclusion"
                      ? t("chatMember.selfExclusion")
                      : t("chatMember.coolingOff"),
                  at: formatDateTime(p.limits.blocked.until),
                })
              : t("chatSettings.no")}
          </dd>
          <dt>{t("chatMember.limits")}</dt>
          <dd data-testid="chat-member-limits">
            {p.limits.set.length === 0 && p.limits.sessionMinutes === null
              ? t("chatMember.noneSet")
              : [
                  ...p.limits.set.map((l) =>
                    t("chatMember.limit", {
                      kind: l.kind,
                      period: l.period,
                      amount: l.amount ?? t("chatMember.none"),
                      used: l.used,
                      pending: l.pendingAmount ? t("chatMember.pending", { amount: l.pendingAmount }) : "",
                    }),
                  ),
                  ...(p.limits.sessionMinutes === null
                    ? []
                    : [t("chatMember.session", { n: p.limits.sessionMinutes })]),
                ].join("; ")}
          </dd>
        </dl>
      ) : (
        <p className="muted">{t("chatMember.noDetails")}</p>
      )}
      {money ? (
        <>
          <dl className="chat-facts">
            <dt>{t("bonus.balance")}</dt>
            <dd data-testid="chat-member-balance">
              {money.currencySymbol}
              {money.sumBalance}
            </dd>
            <dt>{t("chatMember.main")}</dt>
            <dd>{money.main}</dd>
            <dt>{t("chatMember.bonus")}</dt>
            <dd>{money.bonus}</dd>
            <dt>{t("chatMember.held")}</dt>
            <dd>{money.held}</dd>
          </dl>
          <MoneyLines title={t("reports.cDeposits")} lines={money.deposits} testId="chat-member-deposits" />
          <MoneyLines
            title={t("reports.cWithdrawals")}
            lines={money.withdrawals}
            testId="chat-member-withdrawals"
          />
          <h3 className="chat-side-title">{t("chatMember.ledger")}</h3>
          <div className="table-wrap">
            <table className="table" data-testid="chat-member-ledger">
              <thead>
                <tr>
                  <th scope="col">{t("loyalty.when")}</th>
                  <th scope="col">{t("chatMember.movement")}</th>
                  <th scope="col">{t("missions.amount")}</th>
                </tr>
              </thead>
              <tbody>
                {money.ledger.length === 0 && <EmptyRow />}
                {money.ledger.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDateTime(e.createdAt)}</td>
                    <td>
                      {movementLabel(e.type)} · {e.account}
                    </td>
                    <td>{e.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p className="muted">{t("chatMember.noMoney")}</p>
      )}
      {data.rounds && (
        <>
          <h3 className="chat-side-title">{t("chatMember.rounds")}</h3>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("reports.cGame")}</th>
                  <th scope="col">{t("reports.cBet")}</th>
                  <th scope="col">{t("chatMember.net")}</th>
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
  const t = useT();
  return (
    <tr>
      <td colSpan={3} className="muted">
        {t("chatMember.noneRow")}
      </td>
    </tr>
  );
}

function MoneyLines(props: { title: string; lines: ChatMoneyLine[]; testId: string }) {
  const t = useT();
  return (
    <>
      <h3 className="chat-side-title">{props.title}</h3>
      <div className="table-wrap">
        <table className="table" data-testid={props.testId}>
          <thead>
            <tr>
              <th scope="col">{t("loyalty.when")}</th>
              <th scope="col">{t("missions.amount")}</th>
              <th scope="col">{t("bonus.state")}</th>
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
                    <span className="badge">{labelOf(STATE_LABELS, d.status)}</span>
                  ) : (
                    labelOf(STATE_LABELS, d.status)
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
