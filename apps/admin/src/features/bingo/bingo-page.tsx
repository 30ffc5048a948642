import type { AdminBingoReportRow, BingoGameView, BingoRoomInfo } from "@panalo/contracts/bingo";
import { manilaToday } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money-format";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
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
  BASIS_POINTS,
  percentText,
  readPercent,
  readPesos,
  showAmount,
  showPercent,
  showPercentText,
} from "../../lib/amounts.ts";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { bingoGameStatusLabel } from "./bingo-labels.ts";

type Game = BingoGameView & { purchases: number; sales: string; wins: string; settledAt: string | null };
const anyOf = <T,>() => z.custom<T>(() => true);
const today = () => manilaToday();
const PRIZES: Record<BingoRoomInfo["kind"], string[]> = {
  bingo90: ["line", "two_lines", "full_house"],
  bingo75: ["pattern", "blackout"],
};

/** A percent text from the server ("70.00") as basis points, for the field's "saved" line. */
function partsOfPercent(text: string): number | null {
  const r = readPercent(text, BASIS_POINTS);
  return r.ok ? r.value : null;
}

/** One room's settings form: price, pool %, prize split, guarantee, schedule, pace, limits, hours. */
function RoomForm({
  room,
  onSave,
  saving,
}: {
  room: BingoRoomInfo;
  onSave: (u: Record<string, unknown>) => void;
  saving: boolean;
}) {
  const t = useT();
  // Money in pesos and shares in percent as typed; the server keeps amounts and basis points.
  const [price, setPrice] = useState(() => amountText(room.ticketPrice));
  const [guaranteed, setGuaranteed] = useState(() => amountText(room.guaranteed));
  const [pool, setPool] = useState(() => room.poolPercent);
  const [split, setSplit] = useState<Record<string, string>>(() =>
    Object.fromEntries(PRIZES[room.kind].map((p) => [p, percentText(room.split[p] ?? 0, BASIS_POINTS)])),
  );
  const priceRead = readPesos(price);
  const guaranteedRead = readPesos(guaranteed || "0", { allowZero: true });
  const poolRead = readPercent(pool, BASIS_POINTS, { maxParts: 10_000 });
  const splitRead = PRIZES[room.kind].map((p) => [p, readPercent(split[p] ?? "", BASIS_POINTS)] as const);
  const valid = priceRead.ok && guaranteedRead.ok && poolRead.ok && splitRead.every(([, r]) => r.ok);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!priceRead.ok || !guaranteedRead.ok || !poolRead.ok) return;
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    const shares: Record<string, number> = {};
    for (const [p, r] of splitRead) if (r.ok) shares[p] = r.value;
    onSave({
      id: room.id,
      ticketPrice: formatMinor(priceRead.value),
      poolBp: poolRead.value,
      split: shares,
      guaranteed: formatMinor(guaranteedRead.value),
      salesMs: Math.round(Number(s("sales")) * 1000),
      ballMs: Math.round(Number(s("ball")) * 1000),
      maxTickets: Number(s("maxTickets")),
      gameTickets: Number(s("gameTickets")),
      opensAt: s("opensAt") || null,
      closesAt: s("closesAt") || null,
    });
  };
  const id = (k: string) => `bingo-${room.id}-${k}`;
  const field = (k: string, label: string, value: string | number, attrs: Record<string, string> = {}) => (
    <div className="field" key={k}>
      <label htmlFor={id(k)}>{label}</label>
      <input id={id(k)} name={k} defaultValue={String(value)} inputMode="decimal" {...attrs} />
    </div>
  );
  return (
    <form
      onSubmit={submit}
      className="form-grid"
      data-testid="bingo-room-form"
      aria-label={t("bingo.settingsOf", { room: room.id })}
    >
      <MoneyInput
        label={t("bingo.ticketPrice")}
        value={price}
        onChange={setPrice}
        saved={amountToMinor(room.ticketPrice)}
      />
      <PercentInput
        label={t("bingo.pool")}
        unit={BASIS_POINTS}
        maxParts={10_000}
        value={pool}
        onChange={setPool}
        saved={partsOfPercent(room.poolPercent)}
      />
      {PRIZES[room.kind].map((p) => (
        <PercentInput
          key={p}
          label={t("bingo.share", { prize: p.replace("_", " ") })}
          unit={BASIS_POINTS}
          maxParts={10_000}
          value={split[p] ?? ""}
          onChange={(v) => setSplit((x) => ({ ...x, [p]: v }))}
          saved={room.split[p] ?? 0}
        />
      ))}
      <MoneyInput
        label={t("bingo.guaranteed")}
        optional
        allowZero
        value={guaranteed}
        onChange={setGuaranteed}
        saved={amountToMinor(room.guaranteed)}
      />
      {field("sales", t("bingo.sales"), room.salesMs / 1000, { required: "" })}
      {field("ball", t("bingo.ball"), room.ballMs / 1000, { required: "" })}
      {field("maxTickets", t("bingo.maxTickets"), room.maxTickets, { inputMode: "numeric" })}
      {field("gameTickets", t("bingo.gameTickets"), room.gameTickets, { inputMode: "numeric" })}
      {field("opensAt", t("bingo.opensAt"), room.opensAt ?? "", {
        pattern: "\\d{2}:\\d{2}",
      })}
      {field("closesAt", t("bingo.closesAt"), room.closesAt ?? "", { pattern: "\\d{2}:\\d{2}" })}
      <div>
        <button type="submit" className="btn btn--primary" disabled={saving || !valid}>
          {t("bingo.save")}
        </button>
      </div>
    </form>
  );
}

/**
 * Bingo rooms: each room's settings and on/off, its current game, the game
 * history with verify links, and tickets sold, prizes and margin per room.
 */
export function BingoRoomsPage() {
  const t = useT();
  const canWrite = useCanWrite("bingo-rooms");
  const client = useQueryClient();
  const rooms = useQuery({
    queryKey: ["bingo-rooms"],
    queryFn: ({ signal }) => api.get("/bingo/rooms", anyOf<BingoRoomInfo[]>(), signal),
    refetchInterval: 5000,
  });
  const [chosen, setChosen] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [from, setFrom] = useState(today());
  const [to, setTo] = useState(today());
  const games = useQuery({
    queryKey: ["bingo-rooms", "games", chosen],
    queryFn: ({ signal }) =>
      api.get(`/bingo/games?roomId=${encodeURIComponent(chosen ?? "")}`, anyOf<Game[]>(), signal),
    enabled: chosen !== null,
  });
  const report = useQuery({
    queryKey: ["bingo-rooms", "report", from, to],
    queryFn: ({ signal }) =>
      api.get(`/bingo/report?from=${from}&to=${to}`, anyOf<AdminBingoReportRow[]>(), signal),
  });
  const update = useMutation({
    mutationFn: (u: Record<string, unknown>) => api.put("/bingo/rooms", u, anyOf<BingoRoomInfo>()),
    onSuccess: () => {
      setEditing(null);
      void client.invalidateQueries({ queryKey: ["bingo-rooms"] });
    },
  });
  const COLS = 7;
  const editRoom = rooms.data?.find((r) => r.id === editing);
  return (
    <>
      <PageHeader title={t("section.bingo-rooms")} description={t("bingo.description")} />
      {!canWrite && <ReadOnlyNote />}
      {update.isError && <p role="alert">{String(update.error)}</p>}
      <div className="table-wrap">
        <table className="table" data-testid="bingo-rooms">
          <thead>
            <tr>
              <th scope="col">{t("bingo.room")}</th>
              <th scope="col">{t("bingo.ticketPool")}</th>
              <th scope="col">{t("bingo.split")}</th>
              <th scope="col">{t("bingo.schedule")}</th>
              <th scope="col">{t("bingo.currentGame")}</th>
              <th scope="col" className="num">
                {t("bingo.players")}
              </th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("bingo.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rooms.isPending && <SkeletonRows columns={COLS} />}
            {rooms.isError && !rooms.data && <ErrorRow columns={COLS} onRetry={() => rooms.refetch()} />}
            {rooms.data?.length === 0 && <EmptyRow columns={COLS} title={t("bingo.noRooms")} />}
            {rooms.data?.map((r) => (
              <tr key={r.id} data-testid="bingo-room-row" data-room={r.id}>
                <td>
                  <strong>{r.name.EN}</strong>
                  <span className="cell-sub">
                    <code className="code-tag">{r.id}</code> ·{" "}
                    {r.kind === "bingo90" ? t("bingo.ball90") : t("bingo.ball75")} ·{" "}
                    <span className={r.enabled ? "badge badge--success" : "badge badge--muted"}>
                      {r.enabled ? (r.open ? t("bingo.open") : t("bingo.outsideHours")) : t("bingo.off")}
                    </span>
                  </span>
                </td>
                <td className="cell-nowrap">
                  {showAmount(r.ticketPrice)} · {showPercentText(r.poolPercent)}
                  {r.guaranteed !== "0.00" && (
                    <span className="cell-sub">
                      {t("bingo.guaranteedN", { amount: showAmount(r.guaranteed) })}
                    </span>
                  )}
                </td>
                <td>
                  {Object.entries(r.split).map(([k, v]) => (
                    <span key={k} className="cell-sub">
                      {k}: {showPercent(v, BASIS_POINTS)}
                    </span>
                  ))}
                </td>
                <td>
                  {t("bingo.pace", { sales: r.salesMs / 1000, ball: r.ballMs / 1000 })}
                  {r.opensAt && (
                    <span className="cell-sub">
                      {r.opensAt}–{r.closesAt} PHT
                    </span>
                  )}
                </td>
                <td>
                  {r.game ? `#${r.game.gameNo} ${bingoGameStatusLabel(r.game.status)}` : "—"}
                  {r.game && (
                    <span className="cell-sub">
                      {t("bingo.gameNow", {
                        tickets: r.game.ticketsSold,
                        pool: showAmount(r.game.pool),
                        balls: r.game.balls.length,
                      })}
                    </span>
                  )}
                </td>
                <td className="num">{r.players}</td>
                <td className="actions">
                  <button type="button" className="btn btn--sm" onClick={() => setChosen(r.id)}>
                    {t("bingo.games")}
                  </button>
                  {canWrite && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        onClick={() => setEditing(editing === r.id ? null : r.id)}
                      >
                        {t("bingo.settings")}
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`bingo-toggle-${r.id}`}
                        onClick={() => update.mutate({ id: r.id, enabled: !r.enabled })}
                      >
                        {r.enabled ? t("bingo.turnOff") : t("bingo.turnOn")}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editRoom && canWrite && (
        <SettingsSection
          label={t("bingo.settingsOf", { room: editRoom.id })}
          title={t("bingo.settingsOf", { room: editRoom.name.EN })}
          note={t("bingo.applyNote")}
        >
          <RoomForm
            key={editRoom.id}
            room={editRoom}
            onSave={(u) => update.mutate(u)}
            saving={update.isPending}
          />
        </SettingsSection>
      )}
      {chosen && (
        <section aria-label={t("bingo.gamesOf", { room: chosen })}>
          <h2>{t("bingo.gamesOf", { room: chosen })}</h2>
          <div className="table-wrap">
            <table className="table" data-testid="bingo-games">
              <thead>
                <tr>
                  <th scope="col">{t("bingo.game")}</th>
                  <th scope="col">{t("bingo.state")}</th>
                  <th scope="col" className="num">
                    {t("bingo.tickets")}
                  </th>
                  <th scope="col" className="num">
                    {t("bingo.salesHead")}
                  </th>
                  <th scope="col" className="num">
                    {t("bingo.prizes")}
                  </th>
                  <th scope="col">{t("bingo.seedHash")}</th>
                </tr>
              </thead>
              <tbody>
                {games.isPending && <SkeletonRows columns={6} />}
                {games.data?.length === 0 && <EmptyRow columns={6} title={t("bingo.noGames")} />}
                {games.data?.map((g) => (
                  <tr key={g.gameId}>
                    <td>
                      #{g.gameNo}
                      <span className="cell-sub">{formatDateTime(g.startsAt)}</span>
                    </td>
                    <td>
                      {bingoGameStatusLabel(g.status)}
                      <span className="cell-sub">{t("bingo.balls", { n: g.balls.length })}</span>
                    </td>
                    <td className="num">{g.ticketsSold}</td>
                    <td className="num">{showAmount(g.sales)}</td>
                    <td className="num">{showAmount(g.wins)}</td>
                    <td>
                      <code className="code-tag">{g.seedHash.slice(0, 16)}…</code>{" "}
                      {g.seed && (
                        <a
                          href={`/rgs/verify?bingo=${g.kind}&seed=${g.seed}&hash=${g.seedHash}&lang=EN`}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          {t("bingo.verify")}
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <section aria-label={t("bingo.report")}>
        <h2>{t("bingo.report")}</h2>
        <ManilaPeriod from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <div className="table-wrap">
          <table className="table" data-testid="bingo-report">
            <thead>
              <tr>
                <th scope="col">{t("bingo.room")}</th>
                <th scope="col" className="num">
                  {t("bingo.games")}
                </th>
                <th scope="col" className="num">
                  {t("bingo.void")}
                </th>
                <th scope="col" className="num">
                  {t("bingo.tickets")}
                </th>
                <th scope="col" className="num">
                  {t("bingo.salesHead")}
                </th>
                <th scope="col" className="num">
                  {t("bingo.prizes")}
                </th>
                <th scope="col" className="num">
                  {t("bingo.margin")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.data?.map((r) => (
                <tr key={r.roomId}>
                  <td>{r.roomId}</td>
                  <td className="num">{r.games}</td>
                  <td className="num">{r.voided}</td>
                  <td className="num">{r.tickets}</td>
                  <td className="num">{showAmount(r.sales)}</td>
                  <td className="num">{showAmount(r.prizes)}</td>
                  <td className="num">
                    {showAmount(r.margin)}
                    {r.marginPercent !== null && ` (${showPercentText(r.marginPercent)})`}
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
