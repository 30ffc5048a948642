import { useEffect, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { MoneyInput, PercentInput } from "../../components/amount-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import {
  amountToMinor,
  PPM,
  percentText,
  pesosToAmount,
  readPercent,
  showAmount,
} from "../../lib/amounts.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { toast } from "../../lib/toast-store.ts";
import {
  type JackpotPool,
  type JackpotWin,
  useJackpotLedger,
  useJackpotPool,
  useJackpotWins,
  useSaveJackpotRules,
} from "./jackpot-api.ts";

/**
 * The progressive jackpot (vendor PNJ, docs/jackpot.md): the pool and its ledger account side
 * by side, the rules (share of each stake, seed, must-drop-by, opted-in vendors), the wins with
 * a link to check each spin's fairness, and the pool's ledger movements.
 */
export function JackpotPage() {
  const canWrite = useCanWrite("jackpot");
  const pool = useJackpotPool();
  return (
    <>
      <PageHeader
        title="Jackpot"
        description="The progressive jackpot fed by a share of each slot stake and paid as a PNJ win."
      />
      {!canWrite && <ReadOnlyNote />}
      {pool.data && <PoolSummary pool={pool.data} />}
      {pool.data && <RulesForm pool={pool.data} canWrite={canWrite} />}
      <Wins />
      <Ledger />
    </>
  );
}

function PoolSummary({ pool }: { pool: JackpotPool }) {
  const agrees = pool.ledgerBalance === pool.amount;
  return (
    <section className="section" aria-label="Pool">
      <p data-testid="jackpot-pool">
        Pool {showAmount(pool.amount)} · cycle {pool.cycle} · ledger account{" "}
        {pool.ledgerBalance === null ? "—" : showAmount(pool.ledgerBalance)}{" "}
        {agrees ? "(agrees)" : <strong>(differs from the pool)</strong>}
      </p>
    </section>
  );
}

function RulesForm({ pool, canWrite }: { pool: JackpotPool; canWrite: boolean }) {
  const save = useSaveJackpotRules();
  const [share, setShare] = useState(percentText(pool.sharePpm, PPM));
  const [seed, setSeed] = useState(pool.seedAmount);
  const [drop, setDrop] = useState(pool.mustDropBy);
  const [vendors, setVendors] = useState(pool.vendors.join(", "));
  useEffect(() => {
    setShare(percentText(pool.sharePpm, PPM));
    setSeed(pool.seedAmount);
    setDrop(pool.mustDropBy);
    setVendors(pool.vendors.join(", "));
  }, [pool]);
  const onSave = () => {
    const s = readPercent(share, PPM, { maxParts: 100_000 });
    const seedAmount = pesosToAmount(seed);
    const mustDropBy = pesosToAmount(drop);
    if (!s.ok || !seedAmount || !mustDropBy)
      return toast.error("Check the share, the seed and must-drop-by.");
    save.mutate(
      {
        sharePpm: s.value,
        seedAmount,
        mustDropBy,
        vendors: vendors
          .split(/[\s,]+/)
          .map((v) => v.trim())
          .filter(Boolean),
      },
      {
        onSuccess: () => toast.success("Jackpot rules saved."),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  return (
    <section className="section" aria-label="Rules">
      <h2>Rules</h2>
      <PercentInput
        label="Share of each stake"
        unit={PPM}
        maxParts={100_000}
        value={share}
        onChange={setShare}
        saved={pool.sharePpm}
        disabled={!canWrite}
        testId="jackpot-share"
      />
      <MoneyInput
        label="Seed (funded by the house at each new cycle)"
        value={seed}
        onChange={setSeed}
        saved={amountToMinor(pool.seedAmount)}
        disabled={!canWrite}
        testId="jackpot-seed"
      />
      <MoneyInput
        label="Must drop by"
        hint="When the pool reaches it, the next contributing spin wins."
        value={drop}
        onChange={setDrop}
        saved={amountToMinor(pool.mustDropBy)}
        disabled={!canWrite}
        testId="jackpot-must-drop"
      />
      <label className="field">
        <span>Other vendors whose slots contribute (the in-house slots always do)</span>
        <input
          className="input"
          value={vendors}
          onChange={(e) => setVendors(e.currentTarget.value)}
          disabled={!canWrite}
          data-testid="jackpot-vendors"
        />
      </label>
      {canWrite && (
        <button type="button" className="btn btn--primary" onClick={onSave} disabled={save.isPending}>
          Save
        </button>
      )}
    </section>
  );
}

/**
 * The RGS's verify page for the winning spin, prefilled (its field names): once the server seed
 * is revealed and entered there, it recomputes the spin and its jackpot draw and says whether the
 * draw is the one stored with the win (`jackpotDraw`).
 */
function verifyHref(w: JackpotWin): string | null {
  if (!w.serverSeedHash || w.nonce === null) return null;
  const q = new URLSearchParams({
    hash: w.serverSeedHash,
    nonce: String(w.nonce),
    gameId: w.gameCode ?? "",
    jackpotDraw: w.draw,
  });
  if (w.clientSeed) q.set("clientSeed", w.clientSeed);
  return `/rgs/verify?${q}`;
}

/** PNJ's credit of the win: acknowledged (paid, when) or pending, and who sends it. */
function Credit({ w }: { w: JackpotWin }) {
  const by = w.payer === "platform" ? "platform" : "game server";
  return w.paidAt ? (
    <span className="badge" data-testid="jackpot-win-credit" data-state="paid" title={`Sent by the ${by}`}>
      Paid {formatDateTime(w.paidAt)}
    </span>
  ) : (
    <span
      className="badge badge--warn"
      data-testid="jackpot-win-credit"
      data-state="pending"
      title={`To be sent by the ${by}`}
    >
      Pending ({by})
    </span>
  );
}

function Wins() {
  const wins = useJackpotWins();
  return (
    <section className="section" aria-label="Wins">
      <h2>Wins</h2>
      <div className="table-wrap">
        <table className="table" data-testid="jackpot-wins">
          <thead>
            <tr>
              <th>When</th>
              <th>Cycle</th>
              <th>Player</th>
              <th>Game</th>
              <th>Amount</th>
              <th>Why</th>
              <th>Draw</th>
              <th>PNJ credit</th>
              <th>Verify</th>
            </tr>
          </thead>
          <tbody>
            {wins.isPending ? (
              <SkeletonRows columns={9} rows={3} />
            ) : wins.isError ? (
              <ErrorRow columns={9} onRetry={() => void wins.refetch()} />
            ) : wins.data.list.length === 0 ? (
              <EmptyRow columns={9} title="No win yet." />
            ) : (
              wins.data.list.map((w) => {
                const href = verifyHref(w);
                return (
                  <tr key={w.id}>
                    <td>{formatDateTime(w.createdAt)}</td>
                    <td>{w.cycle}</td>
                    <td>{w.username}</td>
                    <td>
                      {w.vendor} {w.gameCode}
                    </td>
                    <td>{showAmount(w.amount)}</td>
                    <td>{w.reason === "draw" ? "Fair draw" : "Must drop"}</td>
                    <td>
                      <code>{w.draw}</code>
                    </td>
                    <td>
                      <Credit w={w} />
                    </td>
                    <td>
                      {href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer">
                          Verify
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Ledger() {
  const ledger = useJackpotLedger();
  return (
    <section className="section" aria-label="Pool ledger">
      <h2>Pool ledger (house:jackpot:1)</h2>
      <div className="table-wrap">
        <table className="table" data-testid="jackpot-ledger">
          <thead>
            <tr>
              <th>When</th>
              <th>Movement</th>
              <th>Reference</th>
              <th>Amount</th>
            </tr>
          </thead>
          <tbody>
            {ledger.isPending ? (
              <SkeletonRows columns={4} rows={3} />
            ) : ledger.isError ? (
              <ErrorRow columns={4} onRetry={() => void ledger.refetch()} />
            ) : ledger.data.list.length === 0 ? (
              <EmptyRow columns={4} title="No movement yet." />
            ) : (
              ledger.data.list.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.createdAt)}</td>
                  <td>{e.type}</td>
                  <td>{e.reference}</td>
                  <td>{showAmount(e.amount)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
