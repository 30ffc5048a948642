import "./finance.css";
import { useId, useState } from "react";
import { Link, useParams } from "react-router";
import { useCan } from "../../app/operator-context.tsx";
import { NoAccess, PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import { AdjustmentDialog } from "./adjustment-dialog.tsx";
import { SignedAmount } from "./finance-ui.tsx";
import {
  MOVEMENT_TYPES,
  movementLabel,
  useMemberLedger,
  usePlayerBrief,
  useWallet,
  type WalletSummary,
} from "./ledger-api.ts";
import { money } from "./money.ts";

const PAGE_SIZE = 50;
const COLUMNS = 7;

const WALLET_LABELS: Record<string, TextKey> = {
  main: "wallet.kind.main",
  bonus: "wallet.kind.bonus",
  hold: "wallet.kind.hold",
  play: "wallet.kind.play",
};
/** An account's name in the operator's language (called while rendering). */
const walletLabel = (kind: string) => {
  const key = WALLET_LABELS[kind];
  if (key) return t(key);
  return kind.startsWith("vendor:") ? t("wallet.kind.vendor", { vendor: kind.slice(7) }) : kind;
};

function Balances({ s }: { s: WalletSummary }) {
  const t = useT();
  const cards = [
    { id: "main", title: t("wallet.main"), value: s.main, note: t("wallet.mainNote") },
    { id: "held", title: t("wallet.held"), value: s.held, note: t("wallet.heldNote") },
    { id: "bonus", title: t("wallet.bonus"), value: s.bonus, note: t("wallet.bonusNote") },
    ...s.vendors.map((v) => ({
      id: `vendor-${v.vendor}`,
      title: t("wallet.inGame", { vendor: v.vendor }),
      value: v.balance,
      note: t("wallet.inGameNote"),
    })),
  ];
  return (
    <div className="card-grid card-grid--3 wallet-cards">
      {cards.map((c) => (
        <div key={c.id} className="card">
          <p className="card-title">{c.title}</p>
          <p className="card-value" data-testid={`wallet-${c.id}`}>
            {money(c.value, s.currency)}
          </p>
          <p className="muted">{c.note}</p>
        </div>
      ))}
    </div>
  );
}

function Ledger({ memberId }: { memberId: number }) {
  const t = useT();
  const filterId = useId();
  const [type, setType] = useState("");
  const [page, setPage] = useState(1);
  const ledger = useMemberLedger(memberId, { page, pageSize: PAGE_SIZE, type });
  const total = ledger.data?.total ?? 0;
  return (
    <section className="section" aria-labelledby="ledger-heading">
      <div className="section-header">
        <h2 id="ledger-heading">{t("wallet.ledger")}</h2>
        <span className="muted">{t("wallet.ledgerNote")}</span>
      </div>
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          {t("wallet.type")}
        </label>
        <select
          id={filterId}
          className="input select input--auto"
          value={type}
          data-testid="ledger-type-filter"
          onChange={(e) => {
            setType(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t("wallet.allMovements")}</option>
          {Object.keys(MOVEMENT_TYPES).map((value) => (
            <option key={value} value={value}>
              {movementLabel(value)}
            </option>
          ))}
        </select>
        <span className="toolbar-count" aria-live="polite">
          {ledger.data ? rangeText(page, PAGE_SIZE, total) : ""}
        </span>
      </div>
      <div className="table-wrap">
        <table className="table" aria-busy={ledger.isFetching} data-testid="ledger-table">
          <thead>
            <tr>
              <th scope="col">{t("wallet.time")}</th>
              <th scope="col">{t("wallet.movement")}</th>
              <th scope="col">{t("wallet.reference")}</th>
              <th scope="col">{t("wallet.account")}</th>
              <th scope="col" className="num">
                {t("wallet.amount")}
              </th>
              <th scope="col" className="num">
                {t("wallet.balanceAfter")}
              </th>
              <th scope="col" className="num">
                {t("wallet.transaction")}
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.isPending && <SkeletonRows columns={COLUMNS} />}
            {ledger.isError && !ledger.data && (
              <ErrorRow columns={COLUMNS} onRetry={() => ledger.refetch()} />
            )}
            {ledger.data?.items.length === 0 && (
              <EmptyRow columns={COLUMNS} title={type ? t("wallet.noneOfType") : t("wallet.none")} />
            )}
            {ledger.data?.items.map((e) => (
              <tr key={e.id} data-testid="ledger-row" data-type={e.type}>
                <td className="cell-nowrap">{formatDateTime(e.time)}</td>
                <td>{movementLabel(e.type)}</td>
                <td>{e.reference ?? <span className="muted">—</span>}</td>
                <td>{walletLabel(e.wallet)}</td>
                <td className="num cell-nowrap">
                  <SignedAmount amount={e.amount} />
                </td>
                <td className="num cell-nowrap">{e.balanceAfter ? money(e.balanceAfter) : "—"}</td>
                <td className="num">{e.transactionId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label={t("wallet.pages")} page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </section>
  );
}

function WalletView({ id }: { id: number }) {
  const t = useT();
  const canAdjust = useCan("players.adjust");
  const player = usePlayerBrief(id);
  const wallet = useWallet(id);
  const [adjusting, setAdjusting] = useState(false);
  const back = <Link to="/players">{t("wallet.allPlayers")}</Link>;

  if (player.data === null) {
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">{t("wallet.noPlayer", { id })}</p>
        {back}
      </div>
    );
  }
  const name = player.data?.username ?? t("wallet.playerNo", { id });
  return (
    <div data-testid="player-wallet" data-player-id={id}>
      <p className="breadcrumb">
        {back} <span aria-hidden="true">/</span> <Link to={`/players/${id}`}>{name}</Link>{" "}
        <span aria-hidden="true">/</span> {t("wallet.crumb")}
      </p>
      <PageHeader
        title={t("wallet.title", { name })}
        description={t("wallet.description")}
        actions={
          canAdjust &&
          player.data && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="wallet-adjust"
              onClick={() => setAdjusting(true)}
            >
              {t("wallet.adjust")}
            </button>
          )
        }
      />
      {wallet.data && <Balances s={wallet.data} />}
      {wallet.isError && !wallet.data && (
        <div className="panel empty-state" role="alert">
          <p className="empty-state-title">{t("wallet.loadFailed")}</p>
          <button type="button" className="btn btn--sm" onClick={() => wallet.refetch()}>
            {t("table.retry")}
          </button>
        </div>
      )}
      <Ledger memberId={id} />
      {adjusting && player.data && (
        <AdjustmentDialog
          player={{ id, username: player.data.username }}
          onClose={() => setAdjusting(false)}
        />
      )}
    </div>
  );
}

/** /players/:id/wallet: behind the players section, and finance access for the money. */
export function PlayerWalletPage() {
  const t = useT();
  const params = useParams();
  const canRead = useCan("finance.read");
  const id = Number(params.id);
  if (!canRead) return <NoAccess what={t("wallet.what")} />;
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">{t("wallet.noSuchPlayer")}</p>
        <Link to="/players">{t("wallet.allPlayers")}</Link>
      </div>
    );
  }
  return <WalletView key={id} id={id} />;
}
