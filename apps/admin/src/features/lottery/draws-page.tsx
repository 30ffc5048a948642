import type { AdminLotteryDraw, LotteryDrawStatus } from "@panalo/contracts/lottery";
import { useId, useState } from "react";
import { PageHeader } from "../../components/page-header.tsx";
import { Pager } from "../../components/pager.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { pesos, useLiability, useLotteryDraws, useLotteryGames } from "./lottery-api.ts";
import { drawStatusLabel } from "./lottery-labels.ts";

const PAGE_SIZE = 50;
const COLUMNS = 9;
const STATUSES: readonly LotteryDrawStatus[] = ["open", "closed", "drawn", "settled"];

const at = (iso: string) => formatDateTime(iso);

/** Open liability per number of one draw, largest first. */
function LiabilityPanel({ drawNo, onClose }: { drawNo: string; onClose: () => void }) {
  const t = useT();
  const liability = useLiability({ drawNo, limit: 20 });
  return (
    <section className="section panel" aria-labelledby="liability-title" data-testid="lottery-liability">
      <div className="section-header">
        <h2 id="liability-title">{t("draws.liabilityOf", { draw: drawNo })}</h2>
        <button type="button" className="btn btn--sm" onClick={onClose}>
          {t("draws.close")}
        </button>
      </div>
      {liability.isError && <p className="field-error">{t("draws.liabilityError")}</p>}
      {liability.data && (
        <>
          <p className="muted">{t("draws.limitNote", { limit: pesos(liability.data.liabilityLimit) })}</p>
          <div className="table-wrap">
            <table className="table table--compact">
              <thead>
                <tr>
                  <th scope="col">{t("draws.number")}</th>
                  <th scope="col" className="num">
                    {t("draws.paysIfDrawn")}
                  </th>
                  <th scope="col" className="num">
                    {t("draws.ofLimit")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {liability.data.items.length === 0 && <EmptyRow columns={3} title={t("draws.noBets")} />}
                {liability.data.items.map((i) => (
                  <tr key={i.combination} data-testid="liability-row">
                    <td>
                      <code className="code-tag">{i.combination}</code>
                    </td>
                    <td className="num">{pesos(i.exposure)}</td>
                    <td className="num">{(i.usage * 100).toFixed(1)} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function DrawRow({ d, onLiability }: { d: AdminLotteryDraw; onLiability: (drawNo: string) => void }) {
  const t = useT();
  return (
    <tr data-testid="lottery-draw-row" data-draw-no={d.drawNo} data-status={d.status}>
      <td>
        <strong>{d.drawNo}</strong>
        <span className="cell-sub">{d.gameCode}</span>
      </td>
      <td className="cell-nowrap">
        {at(d.drawAt)}
        <span className="cell-sub">{t("draws.cutoff", { at: at(d.cutoffAt) })}</span>
      </td>
      <td>
        <span className="badge badge--muted">{drawStatusLabel(d.status)}</span>
      </td>
      <td>
        <code className="code-tag" title={d.seedHash} data-testid="draw-seed-hash">
          {d.seedHash.slice(0, 16)}…
        </code>
        {d.seed && (
          <span className="cell-sub" title={d.seed}>
            {t("draws.seed", { seed: d.seed.slice(0, 16) })}
          </span>
        )}
      </td>
      <td data-testid="draw-result">{d.result ? d.result.join("-") : "—"}</td>
      <td className="num">{d.bets}</td>
      <td className="num">{pesos(d.sales)}</td>
      <td className="num">{pesos(d.payouts)}</td>
      <td className="actions">
        {(d.status === "open" || d.status === "closed") && (
          <button type="button" className="btn btn--sm" onClick={() => onLiability(d.drawNo)}>
            {t("draws.liability")}
          </button>
        )}
      </td>
    </tr>
  );
}

/** Draws with their seed hashes, and seed and result once drawn; open liability per number. */
export function LotteryDrawsPage() {
  const t = useT();
  const gameId = useId();
  const statusId = useId();
  const [gameCode, setGameCode] = useState("");
  const [status, setStatus] = useState<LotteryDrawStatus | "">("");
  const [page, setPage] = useState(1);
  const [liabilityOf, setLiabilityOf] = useState<string | null>(null);
  const games = useLotteryGames();
  const draws = useLotteryDraws({
    gameCode: gameCode || undefined,
    status: status || undefined,
    page,
    pageSize: PAGE_SIZE,
  });
  return (
    <>
      <PageHeader title={t("section.lottery-draws")} description={t("draws.description")} />
      <div className="toolbar">
        <label className="toolbar-label" htmlFor={gameId}>
          {t("draws.game")}
        </label>
        <select
          id={gameId}
          className="select input--auto"
          value={gameCode}
          onChange={(e) => {
            setGameCode(e.target.value);
            setPage(1);
          }}
          data-testid="lottery-draws-game"
        >
          <option value="">{t("draws.allGames")}</option>
          {games.data?.map((g) => (
            <option key={g.code} value={g.code}>
              {g.name}
            </option>
          ))}
        </select>
        <label className="toolbar-label" htmlFor={statusId}>
          {t("draws.status")}
        </label>
        <select
          id={statusId}
          className="select input--auto"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as LotteryDrawStatus | "");
            setPage(1);
          }}
          data-testid="lottery-draws-status"
        >
          <option value="">{t("draws.any")}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {drawStatusLabel(s)}
            </option>
          ))}
        </select>
      </div>
      {liabilityOf && <LiabilityPanel drawNo={liabilityOf} onClose={() => setLiabilityOf(null)} />}
      <div className="table-wrap">
        <table className="table" aria-busy={draws.isFetching} data-testid="lottery-draws">
          <thead>
            <tr>
              <th scope="col">{t("draws.draw")}</th>
              <th scope="col">{t("draws.time")}</th>
              <th scope="col">{t("draws.status")}</th>
              <th scope="col">{t("draws.seedHash")}</th>
              <th scope="col">{t("draws.result")}</th>
              <th scope="col" className="num">
                {t("draws.bets")}
              </th>
              <th scope="col" className="num">
                {t("draws.sales")}
              </th>
              <th scope="col" className="num">
                {t("draws.payouts")}
              </th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("draws.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draws.isPending && <SkeletonRows columns={COLUMNS} />}
            {draws.isError && !draws.data && <ErrorRow columns={COLUMNS} onRetry={() => draws.refetch()} />}
            {draws.data?.items.length === 0 && <EmptyRow columns={COLUMNS} title={t("draws.none")} />}
            {draws.data?.items.map((d) => (
              <DrawRow key={d.drawNo} d={d} onLiability={setLiabilityOf} />
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        label={t("draws.pages")}
        page={page}
        pageSize={PAGE_SIZE}
        total={(draws.data?.totalPages ?? 1) * PAGE_SIZE}
        onPage={setPage}
      />
    </>
  );
}
