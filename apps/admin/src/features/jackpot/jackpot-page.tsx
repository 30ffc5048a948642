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
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import {
  type JackpotPool,
  type JackpotWin,
  useJackpotLedger,
  useJackpotPool,
  useJackpotWins,
  useSaveJackpotRules,
} from "./jackpot-api.ts";
import { jackpotMovementLabel } from "./jackpot-labels.ts";

/**
 * The progressive jackpot (vendor PNJ, docs/jackpot.md): the pool and its ledger account side
 * by side, the rules (share of each stake, seed, must-drop-by, opted-in vendors), the wins with
 * a link to check each spin's fairness, and the pool's ledger movements.
 */
export function JackpotPage() {
  const t = useT();
  const canWrite = useCanWrite("jackpot");
  const pool = useJackpotPool();
  return (
    <>
      <PageHeader title={t("jackpot.title")} description={t("jackpot.description")} />
      {!canWrite && <ReadOnlyNote />}
      {pool.data && <PoolSummary pool={pool.data} />}
      {pool.data && <RulesForm pool={pool.data} canWrite={canWrite} />}
      <Wins />
      <Ledger />
    </>
  );
}

function PoolSummary({ pool }: { pool: JackpotPool }) {
  const t = useT();
  const agrees = pool.ledgerBalance === pool.amount;
  return (
    <section className="section" aria-label={t("jackpot.pool")}>
      <p data-testid="jackpot-pool">
        {t("jackpot.poolLine", {
          amount: showAmount(pool.amount),
          cycle: pool.cycle,
          balance: pool.ledgerBalance === null ? "—" : showAmount(pool.ledgerBalance),
        })}{" "}
        {agrees ? t("jackpot.agrees") : <strong>{t("jackpot.differs")}</strong>}
      </p>
    </section>
  );
}

function RulesForm({ pool, canWrite }: { pool: JackpotPool; canWrite: boolean }) {
  const t = useT();
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
    if (!s.ok || !seedAmount || !mustDropBy) return toast.error(t("jackpot.checkRules"));
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
        onSuccess: () => toast.success(t("jackpot.saved")),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  };
  return (
    <section className="section" aria-label={t("jackpot.rules")}>
      <h2>{t("jackpot.rules")}</h2>
      <PercentInput
        label={t("jackpot.share")}
        unit={PPM}
        maxParts={100_000}
        value={share}
        onChange={setShare}
        saved={pool.sharePpm}
        disabled={!canWrite}
        testId="jackpot-share"
      />
      <MoneyInput
        label={t("jackpot.seed")}
        value={seed}
        onChange={setSeed}
        saved={amountToMinor(pool.seedAmount)}
        disabled={!canWrite}
        testId="jackpot-seed"
      />
      <MoneyInput
        label={t("jackpot.mustDrop")}
        hint={t("jackpot.mustDropHint")}
        value={drop}
        onChange={setDrop}
        saved={amountToMinor(pool.mustDropBy)}
        disabled={!canWrite}
        testId="jackpot-must-drop"
      />
      <label className="field">
        <span>{t("jackpot.vendors")}</span>
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
          {t("common.save")}
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
  const t = useT();
  const by = w.payer === "platform" ? t("jackpot.platform") : t("jackpot.gameServer");
  return w.paidAt ? (
    <span
      className="badge"
      data-testid="jackpot-win-credit"
      data-state="paid"
      title={t("jackpot.sentBy", { by })}
    >
      {t("jackpot.paid", { at: formatDateTime(w.paidAt) })}
    </span>
  ) : (
    <span
      className="badge badge--warn"
      data-testid="jackpot-win-credit"
      data-state="pending"
      title={t("jackpot.toBeSentBy", { by })}
    >
      {t("jackpot.pending", { by })}
    </span>
  );
}

function Wins() {
  const t = useT();
  const wins = useJackpotWins();
  return (
    <section className="section" aria-label={t("jackpot.wins")}>
      <h2>{t("jackpot.wins")}</h2>
      <div className="table-wrap">
        <table className="table" data-testid="jackpot-wins">
          <thead>
            <tr>
              <th>{t("jackpot.when")}</th>
              <th>{t("jackpot.cycle")}</th>
              <th>{t("jackpot.player")}</th>
              <th>{t("jackpot.game")}</th>
              <th>{t("jackpot.amount")}</th>
              <th>{t("jackpot.why")}</th>
              <th>{t("jackpot.draw")}</th>
              <th>{t("jackpot.credit")}</th>
              <th>{t("jackpot.verify")}</th>
            </tr>
          </thead>
          <tbody>
            {wins.isPending && <SkeletonRows columns={9} rows={3} />}
            {wins.isError && <ErrorRow columns={9} onRetry={() => void wins.refetch()} />}
            {wins.isSuccess && wins.data.list.length === 0 && (
              <EmptyRow columns={9} title={t("jackpot.noWins")} />
            )}
            {wins.isSuccess &&
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
                    <td>{w.reason === "draw" ? t("jackpot.fairDraw") : t("jackpot.mustDropReason")}</td>
                    <td>
                      <code>{w.draw}</code>
                    </td>
                    <td>
                      <Credit w={w} />
                    </td>
                    <td>
                      {href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer">
                          {t("jackpot.verify")}
                        </a>
                      ) : (
                        "—"
                      )}
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Ledger() {
  const t = useT();
  const ledger = useJackpotLedger();
  return (
    <section className="section" aria-label={t("jackpot.ledger")}>
      <h2>{t("jackpot.ledgerTitle", { account: "house:jackpot:1" })}</h2>
      <div className="table-wrap">
        <table className="table" data-testid="jackpot-ledger">
          <thead>
            <tr>
              <th>{t("jackpot.when")}</th>
              <th>{t("jackpot.movement")}</th>
              <th>{t("jackpot.reference")}</th>
              <th>{t("jackpot.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {ledger.isPending && <SkeletonRows columns={4} rows={3} />}
            {ledger.isError && <ErrorRow columns={4} onRetry={() => void ledger.refetch()} />}
            {ledger.isSuccess && ledger.data.list.length === 0 && (
              <EmptyRow columns={4} title={t("jackpot.noMovement")} />
            )}
            {ledger.isSuccess &&
              ledger.data.list.map((e) => (
                <tr key={e.id}>
                  <td>{formatDateTime(e.createdAt)}</td>
                  <td>{jackpotMovementLabel(e.type)}</td>
                  <td>{e.reference}</td>
                  <td>{showAmount(e.amount)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
