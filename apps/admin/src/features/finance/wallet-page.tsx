import "./finance.css";
import { useId, useState } from "react";
import { Link, useParams } from "react-router";
import { useCan } from "../../app/operator-context.tsx";
import { NoAccess, PageHeader } from "../../components/page-header.tsx";
import { Pager, rangeText } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
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

const WALLET_LABELS: Record<string, string> = {
  main: "Main",
  bonus: "Bonus",
  hold: "Held",
  play: "Play money",
};
const walletLabel = (kind: string) =>
  WALLET_LABELS[kind] ?? (kind.startsWith("vendor:") ? `Game: ${kind.slice(7)}` : kind);

function Balances({ s }: { s: WalletSummary }) {
  const cards = [
    { id: "main", title: "Main balance", value: s.main, note: "Available to play and withdraw." },
    { id: "held", title: "Held for withdrawals", value: s.held, note: "Waiting for an operator's payout." },
    { id: "bonus", title: "Bonus", value: s.bonus, note: "Playable, not withdrawable." },
    ...s.vendors.map((v) => ({
      id: `vendor-${v.vendor}`,
      title: `In game: ${v.vendor}`,
      value: v.balance,
      note: "Transferred into a provider's wallet.",
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
  const filterId = useId();
  const [type, setType] = useState("");
  const [page, setPage] = useState(1);
  const ledger = useMemberLedger(memberId, { page, pageSize: PAGE_SIZE, type });
  const total = ledger.data?.total ?? 0;
  return (
    <section className="section" aria-labelledby="ledger-heading">
      <div className="section-header">
        <h2 id="ledger-heading">Ledger</h2>
        <span className="muted">Every movement of every account of the member, newest first.</span>
      </div>
      <div className="toolbar">
        <label htmlFor={filterId} className="toolbar-label">
          Type
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
          <option value="">All movements</option>
          {Object.entries(MOVEMENT_TYPES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
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
              <th scope="col">Time</th>
              <th scope="col">Movement</th>
              <th scope="col">Reference</th>
              <th scope="col">Account</th>
              <th scope="col" className="num">
                Amount
              </th>
              <th scope="col" className="num">
                Balance after
              </th>
              <th scope="col" className="num">
                Transaction
              </th>
            </tr>
          </thead>
          <tbody>
            {ledger.isPending && <SkeletonRows columns={COLUMNS} />}
            {ledger.isError && !ledger.data && (
              <ErrorRow columns={COLUMNS} onRetry={() => ledger.refetch()} />
            )}
            {ledger.data?.items.length === 0 && (
              <EmptyRow columns={COLUMNS} title={type ? "No movements of this type." : "No movements yet."} />
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
      <Pager label="Ledger pages" page={page} pageSize={PAGE_SIZE} total={total} onPage={setPage} />
    </section>
  );
}

function WalletView({ id }: { id: number }) {
  const canAdjust = useCan("players.adjust");
  const player = usePlayerBrief(id);
  const wallet = useWallet(id);
  const [adjusting, setAdjusting] = useState(false);
  const back = <Link to="/players">All players</Link>;

  if (player.data === null) {
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">There is no player #{id}.</p>
        {back}
      </div>
    );
  }
  const name = player.data?.username ?? `Player #${id}`;
  return (
    <div data-testid="player-wallet" data-player-id={id}>
      <p className="breadcrumb">
        {back} <span aria-hidden="true">/</span> <Link to={`/players/${id}`}>{name}</Link>{" "}
        <span aria-hidden="true">/</span> Wallet
      </p>
      <PageHeader
        title={`${name} · wallet`}
        description="Balances as the member sees them and the ledger behind them."
        actions={
          canAdjust &&
          player.data && (
            <button
              type="button"
              className="btn btn--primary"
              data-testid="wallet-adjust"
              onClick={() => setAdjusting(true)}
            >
              Adjust balance
            </button>
          )
        }
      />
      {wallet.data && <Balances s={wallet.data} />}
      {wallet.isError && !wallet.data && (
        <div className="panel empty-state" role="alert">
          <p className="empty-state-title">The balances could not be loaded.</p>
          <button type="button" className="btn btn--sm" onClick={() => wallet.refetch()}>
            Try again
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
  const params = useParams();
  const canRead = useCan("finance.read");
  const id = Number(params.id);
  if (!canRead) return <NoAccess what="player wallets" />;
  if (!Number.isInteger(id) || id <= 0) {
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">There is no such player.</p>
        <Link to="/players">All players</Link>
      </div>
    );
  }
  return <WalletView key={id} id={id} />;
}
