import type {
  AdminCardHand,
  AdminCardPair,
  AdminCardReportRow,
  AdminCardTable,
} from "@panalo/contracts/cards-admin";
import { manilaToday } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money-format";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { MoneyInput, PercentInput } from "../../components/amount-fields.tsx";
import { ManilaPeriod } from "../../components/manila-period.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import {
  amountText,
  amountToMinor,
  PPM,
  percentText,
  readPercent,
  readPesos,
  showAmount,
} from "../../lib/amounts.ts";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { cardGameLabel, handStatusLabel } from "./cards-labels.ts";

const anyOf = <T,>() => z.custom<T>(() => true);
const ppmOf = (percent: string) => Math.round(Number(percent) * 10_000);

/** A table's settings form: stakes, seats, buy-in range, rake and its cap, timers, fair play. */
function TableForm({
  table,
  onSave,
  saving,
}: {
  table: AdminCardTable;
  onSave: (u: Record<string, unknown>) => void;
  saving: boolean;
}) {
  const t = useT();
  const holdem = table.game === "holdem";
  const [sb, setSb] = useState(() => amountText(table.smallBlind));
  const [bb, setBb] = useState(() => amountText(table.bigBlind));
  const [stake, setStake] = useState(() => amountText(table.stake));
  const [minBuyIn, setMinBuyIn] = useState(() => amountText(table.minBuyIn));
  const [maxBuyIn, setMaxBuyIn] = useState(() => amountText(table.maxBuyIn));
  const [rake, setRake] = useState(() => percentText(ppmOf(table.rakePercent), PPM));
  const [rakeCap, setRakeCap] = useState(() => amountText(table.rakeCap));
  const money = holdem ? [sb, bb, minBuyIn, maxBuyIn] : [stake, minBuyIn, maxBuyIn];
  const rakeRead = readPercent(rake, PPM, { maxParts: 100_000 });
  const capRead = readPesos(rakeCap, { allowZero: true });
  const valid = money.every((m) => readPesos(m).ok) && rakeRead.ok && capRead.ok;
  const minor = (text: string) => {
    const r = readPesos(text);
    return r.ok ? formatMinor(r.value) : undefined;
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!valid || !rakeRead.ok || !capRead.ok) return;
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    const fair = s("distinctPlayers");
    onSave({
      tableId: table.tableId,
      name: s("name"),
      ...(holdem
        ? { smallBlind: minor(sb), bigBlind: minor(bb), seats: Number(s("seats")) }
        : { stake: minor(stake) }),
      minBuyIn: minor(minBuyIn),
      maxBuyIn: minor(maxBuyIn),
      rakePercent: (rakeRead.value / 10_000).toString(),
      rakeCap: formatMinor(capRead.value),
      actionSeconds: Number(s("actionSeconds")),
      timeBankSeconds: Number(s("timeBankSeconds")),
      pauseSeconds: Number(s("pauseSeconds")),
      distinctPlayers: fair === "on" ? true : fair === "off" ? false : null,
    });
  };
  const id = (k: string) => `card-${table.tableId}-${k}`;
  const seconds = (k: "actionSeconds" | "timeBankSeconds" | "pauseSeconds", min: number, max: number) => (
    <div className="field">
      <label htmlFor={id(k)}>{t(`cards.${k}`)}</label>
      <input id={id(k)} name={k} type="number" min={min} max={max} required defaultValue={table[k]} />
    </div>
  );
  return (
    <form
      onSubmit={submit}
      className="form-grid"
      data-testid="card-table-form"
      aria-label={t("cards.settingsOf", { table: table.tableId })}
    >
      <div className="field">
        <label htmlFor={id("name")}>{t("cards.name")}</label>
        <input id={id("name")} name="name" required maxLength={60} defaultValue={table.name} />
      </div>
      {holdem ? (
        <>
          <MoneyInput
            label={t("cards.smallBlind")}
            value={sb}
            onChange={setSb}
            saved={amountToMinor(table.smallBlind)}
          />
          <MoneyInput
            label={t("cards.bigBlind")}
            value={bb}
            onChange={setBb}
            saved={amountToMinor(table.bigBlind)}
          />
          <div className="field">
            <label htmlFor={id("seats")}>{t("cards.seats")}</label>
            <select id={id("seats")} name="seats" defaultValue={String(table.seats)}>
              {[2, 3, 4, 5, 6, 7, 8, 9].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </div>
        </>
      ) : (
        <MoneyInput
          label={t("cards.stake")}
          value={stake}
          onChange={setStake}
          saved={amountToMinor(table.stake)}
        />
      )}
      <MoneyInput
        label={t("cards.minBuyIn")}
        value={minBuyIn}
        onChange={setMinBuyIn}
        saved={amountToMinor(table.minBuyIn)}
      />
      <MoneyInput
        label={t("cards.maxBuyIn")}
        value={maxBuyIn}
        onChange={setMaxBuyIn}
        saved={amountToMinor(table.maxBuyIn)}
      />
      <PercentInput
        label={t("cards.rake")}
        value={rake}
        onChange={setRake}
        unit={PPM}
        maxParts={100_000}
        saved={ppmOf(table.rakePercent)}
        testId="card-rake"
        hint={t("cards.rakeHint")}
      />
      <MoneyInput
        label={t("cards.rakeCap")}
        value={rakeCap}
        onChange={setRakeCap}
        allowZero
        saved={amountToMinor(table.rakeCap)}
      />
      {seconds("actionSeconds", 5, 120)}
      {seconds("timeBankSeconds", 0, 600)}
      {seconds("pauseSeconds", 0, 60)}
      <div className="field">
        <label htmlFor={id("distinctPlayers")}>{t("cards.fairPlay")}</label>
        <select
          id={id("distinctPlayers")}
          name="distinctPlayers"
          defaultValue={table.distinctPlayers === null ? "global" : table.distinctPlayers ? "on" : "off"}
        >
          <option value="global">{t("cards.fairPlayGlobal")}</option>
          <option value="on">{t("cards.fairPlayOn")}</option>
          <option value="off">{t("cards.fairPlayOff")}</option>
        </select>
      </div>
      <div>
        <button type="submit" className="btn btn--primary" disabled={saving || !valid}>
          {t("cards.save")}
        </button>
      </div>
    </form>
  );
}

/** The hands of a table (or a player), newest first, each player's result and a verify link. */
export function CardHandsTable({ query, testId }: { query: string; testId: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const hands = useQuery({
    queryKey: ["card-hands", query, page],
    queryFn: ({ signal }) => api.get(`/cards/${query}&page=${page}`, anyOf<AdminCardHand[]>(), signal),
  });
  const COLS = 6;
  return (
    <>
      <div className="table-wrap">
        <table className="table" data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{t("cards.hand")}</th>
              <th scope="col">{t("cards.startedAt")}</th>
              <th scope="col">{t("cards.status")}</th>
              <th scope="col">{t("cards.players")}</th>
              <th scope="col" className="num">
                {t("cards.rakeHead")}
              </th>
              <th scope="col">{t("cards.verify")}</th>
            </tr>
          </thead>
          <tbody>
            {hands.isPending && <SkeletonRows columns={COLS} />}
            {hands.isError && !hands.data && <ErrorRow columns={COLS} onRetry={() => hands.refetch()} />}
            {hands.data?.length === 0 && <EmptyRow columns={COLS} title={t("cards.noHands")} />}
            {hands.data?.map((h) => (
              <tr key={h.handId} data-testid="card-hand-row" data-hand={h.handId}>
                <td>
                  <code className="code-tag">{h.tableId}</code> #{h.no}
                </td>
                <td className="cell-nowrap">{formatDateTime(h.startedAt)}</td>
                <td>{handStatusLabel(h.status)}</td>
                <td>
                  {h.players.map((p) => (
                    <span key={p.seat} className="cell-sub">
                      {t("cards.seatPlayer", { seat: p.seat, player: p.playerId })}: {showAmount(p.stack)}
                      {p.net !== null && ` → ${p.net.startsWith("-") ? "" : "+"}${showAmount(p.net)}`}
                    </span>
                  ))}
                </td>
                <td className="num">{showAmount(h.rake)}</td>
                <td>
                  {h.verifyUrl ? (
                    <a href={h.verifyUrl} target="_blank" rel="noreferrer" data-testid="card-hand-verify">
                      {t("cards.verifyLink")}
                    </a>
                  ) : (
                    <span className="muted" title={h.deckHash}>
                      {t("cards.seedHidden")}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="pager">
        <button type="button" className="btn btn--sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
          {t("cards.newer")}
        </button>{" "}
        <button
          type="button"
          className="btn btn--sm"
          disabled={(hands.data?.length ?? 0) < 50}
          onClick={() => setPage(page + 1)}
        >
          {t("cards.older")}
        </button>
      </div>
    </>
  );
}

/**
 * Card tables (Hold'em, Tongits; vendor PNP): each table's stakes, seats, buy-ins, rake, timers,
 * fair play and on/off, the hand being played, a table's hand history with verify links, the
 * rake by table and Manila day, and the pairs of players who sit together unusually often.
 */
export function CardTablesPage() {
  const t = useT();
  const canWrite = useCanWrite("card-tables");
  const client = useQueryClient();
  const tables = useQuery({
    queryKey: ["card-tables"],
    queryFn: ({ signal }) => api.get("/cards/tables", anyOf<AdminCardTable[]>(), signal),
    refetchInterval: 5000,
  });
  const settings = useQuery({
    queryKey: ["card-tables", "settings"],
    queryFn: ({ signal }) => api.get("/cards/settings", anyOf<{ distinctPlayers: boolean }>(), signal),
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const [from, setFrom] = useState(manilaToday());
  const [to, setTo] = useState(manilaToday());
  const report = useQuery({
    queryKey: ["card-tables", "report", from, to],
    queryFn: ({ signal }) =>
      api.get(`/cards/report?from=${from}&to=${to}`, anyOf<AdminCardReportRow[]>(), signal),
  });
  const [minHands, setMinHands] = useState(50);
  const [minShare, setMinShare] = useState(80);
  const pairs = useQuery({
    queryKey: ["card-tables", "pairs", from, to, minHands, minShare],
    queryFn: ({ signal }) =>
      api.get(
        `/cards/pairs?from=${from}&to=${to}&minHands=${minHands}&minSharePercent=${minShare}`,
        anyOf<AdminCardPair[]>(),
        signal,
      ),
    retry: false,
  });
  const update = useMutation({
    mutationFn: (u: Record<string, unknown>) => api.put("/cards/tables", u, anyOf<AdminCardTable>()),
    onSuccess: () => {
      setEditing(null);
      void client.invalidateQueries({ queryKey: ["card-tables"] });
    },
  });
  const rule = useMutation({
    mutationFn: (on: boolean) => api.put("/cards/settings", { distinctPlayers: on }, anyOf<unknown>()),
    onSuccess: () => void client.invalidateQueries({ queryKey: ["card-tables"] }),
  });
  const COLS = 8;
  const editTable = tables.data?.find((x) => x.tableId === editing);
  const stakes = (x: AdminCardTable) =>
    x.game === "holdem"
      ? `${showAmount(x.smallBlind ?? "0")}/${showAmount(x.bigBlind ?? "0")}`
      : t("cards.perPoint", { stake: showAmount(x.stake ?? "0") });
  const fairOf = (x: AdminCardTable) =>
    x.distinctPlayers === null
      ? t("cards.fairPlayGlobal")
      : x.distinctPlayers
        ? t("cards.fairPlayOn")
        : t("cards.fairPlayOff");
  return (
    <>
      <PageHeader title={t("section.card-tables")} description={t("cards.description")} />
      {!canWrite && <ReadOnlyNote />}
      {update.isError && <p role="alert">{String(update.error)}</p>}
      <section aria-label={t("cards.fairPlayRule")}>
        <label className="checkbox">
          <input
            type="checkbox"
            data-testid="card-fair-play-global"
            checked={settings.data?.distinctPlayers ?? false}
            disabled={!canWrite || settings.isPending || rule.isPending}
            onChange={(e) => rule.mutate(e.target.checked)}
          />{" "}
          {t("cards.fairPlayRule")}
        </label>
        <p className="field-hint">{t("cards.fairPlayHint")}</p>
      </section>
      <div className="table-wrap">
        <table className="table" data-testid="card-tables">
          <thead>
            <tr>
              <th scope="col">{t("cards.table")}</th>
              <th scope="col">{t("cards.stakes")}</th>
              <th scope="col" className="num">
                {t("cards.seatsTaken")}
              </th>
              <th scope="col">{t("cards.buyIn")}</th>
              <th scope="col">{t("cards.rakeHead")}</th>
              <th scope="col">{t("cards.timers")}</th>
              <th scope="col">{t("cards.liveHand")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("cards.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tables.isPending && <SkeletonRows columns={COLS} />}
            {tables.isError && !tables.data && <ErrorRow columns={COLS} onRetry={() => tables.refetch()} />}
            {tables.data?.length === 0 && <EmptyRow columns={COLS} title={t("cards.noTables")} />}
            {tables.data?.map((x) => (
              <tr key={x.tableId} data-testid="card-table-row" data-table={x.tableId}>
                <td>
                  <code className="code-tag">{x.tableId}</code>
                  <span className="cell-sub">
                    {x.name} · {cardGameLabel(x.game)} ·{" "}
                    <span className={x.enabled ? "badge badge--success" : "badge badge--muted"}>
                      {x.enabled ? t("cards.on") : t("cards.off")}
                    </span>
                  </span>
                  <span className="cell-sub">
                    {t("cards.fairPlay")}: {fairOf(x)}
                  </span>
                </td>
                <td className="cell-nowrap">{stakes(x)}</td>
                <td className="num">
                  {x.live.seatsTaken} / {x.seats}
                  <span className="cell-sub">
                    {t("cards.onTable", { amount: showAmount(x.live.onTable) })}
                  </span>
                </td>
                <td className="cell-nowrap">
                  {showAmount(x.minBuyIn)}–{showAmount(x.maxBuyIn)}
                </td>
                <td className="cell-nowrap" data-testid="card-table-rake">
                  {x.rakePercent} %
                  <span className="cell-sub">{t("cards.capOf", { amount: showAmount(x.rakeCap) })}</span>
                </td>
                <td className="cell-nowrap">
                  {t("cards.timersText", {
                    act: x.actionSeconds,
                    bank: x.timeBankSeconds,
                    pause: x.pauseSeconds,
                  })}
                </td>
                <td data-testid="card-table-live">
                  {x.live.hand
                    ? t("cards.handLive", {
                        no: x.live.hand.no,
                        players: x.live.hand.players,
                        seat: x.live.hand.actingSeat ?? "—",
                      })
                    : t("cards.noLiveHand")}
                </td>
                <td className="actions">
                  <button
                    type="button"
                    className="btn btn--sm"
                    data-testid={`card-hands-${x.tableId}`}
                    onClick={() => setHistory(history === x.tableId ? null : x.tableId)}
                  >
                    {t("cards.hands")}
                  </button>
                  {canWrite && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`card-settings-${x.tableId}`}
                        aria-label={t("cards.settingsOf", { table: x.tableId })}
                        onClick={() => setEditing(editing === x.tableId ? null : x.tableId)}
                      >
                        {t("cards.settings")}
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`card-toggle-${x.tableId}`}
                        disabled={update.isPending}
                        onClick={() => update.mutate({ tableId: x.tableId, enabled: !x.enabled })}
                      >
                        {x.enabled ? t("cards.turnOff") : t("cards.turnOn")}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editTable && canWrite && (
        <SettingsSection
          label={t("cards.settingsOf", { table: editTable.tableId })}
          title={t("cards.settingsOf", { table: editTable.tableId })}
          note={t("cards.applyNote")}
        >
          <TableForm
            key={editTable.tableId}
            table={editTable}
            onSave={(u) => update.mutate(u)}
            saving={update.isPending}
          />
        </SettingsSection>
      )}
      {history && (
        <section aria-label={t("cards.handsOf", { table: history })}>
          <h2>{t("cards.handsOf", { table: history })}</h2>
          <CardHandsTable
            key={history}
            query={`hands?tableId=${encodeURIComponent(history)}`}
            testId="card-hands"
          />
        </section>
      )}
      <section aria-label={t("cards.report")}>
        <h2>{t("cards.report")}</h2>
        <ManilaPeriod from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <div className="table-wrap">
          <table className="table" data-testid="card-report">
            <thead>
              <tr>
                <th scope="col">{t("cards.day")}</th>
                <th scope="col">{t("cards.table")}</th>
                <th scope="col" className="num">
                  {t("cards.hands")}
                </th>
                <th scope="col" className="num">
                  {t("cards.voided")}
                </th>
                <th scope="col" className="num">
                  {t("cards.rakeHead")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.isPending && <SkeletonRows columns={5} />}
              {report.data?.length === 0 && <EmptyRow columns={5} title={t("cards.noHands")} />}
              {report.data?.map((r: AdminCardReportRow) => (
                <tr key={`${r.day ?? "total"}-${r.tableId}`} data-testid="card-report-row">
                  <td>{r.day ?? <strong>{t("cards.periodTotal")}</strong>}</td>
                  <td>{r.tableId}</td>
                  <td className="num">{r.hands}</td>
                  <td className="num">{r.voided}</td>
                  <td className="num">{showAmount(r.rake)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-label={t("cards.pairs")}>
        <h2>{t("cards.pairs")}</h2>
        <p className="field-hint">{t("cards.pairsRule", { hands: minHands, share: minShare })}</p>
        <label>
          {t("cards.minHands")}{" "}
          <input
            type="number"
            min={1}
            value={minHands}
            onChange={(e) => setMinHands(Math.max(1, Number(e.target.value) || 1))}
          />
        </label>{" "}
        <label>
          {t("cards.minShare")}{" "}
          <input
            type="number"
            min={1}
            max={100}
            value={minShare}
            onChange={(e) => setMinShare(Math.min(100, Math.max(1, Number(e.target.value) || 1)))}
          />
        </label>
        <div className="table-wrap">
          <table className="table" data-testid="card-pairs">
            <thead>
              <tr>
                <th scope="col">{t("cards.pair")}</th>
                <th scope="col" className="num">
                  {t("cards.together")}
                </th>
                <th scope="col" className="num">
                  {t("cards.share")}
                </th>
                <th scope="col">{t("cards.sameAddress")}</th>
              </tr>
            </thead>
            <tbody>
              {pairs.isPending && <SkeletonRows columns={4} />}
              {pairs.isError && !pairs.data && <EmptyRow columns={4} title={t("cards.pairsNoAccess")} />}
              {pairs.data?.length === 0 && <EmptyRow columns={4} title={t("cards.noPairs")} />}
              {pairs.data?.map((p) => (
                <tr key={`${p.playerA}-${p.playerB}`} data-testid="card-pair-row">
                  <td>
                    <Link to={`/players/${p.playerA}`}>#{p.playerA}</Link> ·{" "}
                    <Link to={`/players/${p.playerB}`}>#{p.playerB}</Link>
                  </td>
                  <td className="num">
                    {p.together}
                    <span className="cell-sub">
                      {p.handsA} / {p.handsB}
                    </span>
                  </td>
                  <td className="num">{p.sharePercent} %</td>
                  <td>
                    {p.sameAddress ? (
                      <span className="badge badge--danger">{t("cards.yes")}</span>
                    ) : (
                      t("cards.no")
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </>
  );
}
