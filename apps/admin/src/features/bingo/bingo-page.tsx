import type { AdminBingoReportRow, BingoGameView, BingoRoomInfo } from "@panalo/contracts/bingo";
import { manilaToday } from "@panalo/contracts/manila-time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";

type Game = BingoGameView & { purchases: number; sales: string; wins: string; settledAt: string | null };
const anyOf = <T,>() => z.custom<T>(() => true);
const today = () => manilaToday();
const PRIZES: Record<BingoRoomInfo["kind"], string[]> = {
  bingo90: ["line", "two_lines", "full_house"],
  bingo75: ["pattern", "blackout"],
};

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
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    const split: Record<string, number> = {};
    for (const p of PRIZES[room.kind]) split[p] = Math.round(Number(s(`split-${p}`)) * 100);
    onSave({
      id: room.id,
      ticketPrice: Number(s("ticketPrice")).toFixed(2),
      poolBp: Math.round(Number(s("pool")) * 100),
      split,
      guaranteed: Number(s("guaranteed") || "0").toFixed(2),
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
      aria-label={`Settings of ${room.id}`}
    >
      {field("ticketPrice", "Ticket price", room.ticketPrice, { required: "" })}
      {field("pool", "Prize pool (% of sales)", room.poolPercent, { required: "" })}
      {PRIZES[room.kind].map((p) =>
        field(`split-${p}`, `Share of ${p.replace("_", " ")} (%)`, ((room.split[p] ?? 0) / 100).toFixed(2)),
      )}
      {field("guaranteed", "Guaranteed pool", room.guaranteed)}
      {field("sales", "Sales window before each game (s)", room.salesMs / 1000, { required: "" })}
      {field("ball", "Draw pace (s per ball)", room.ballMs / 1000, { required: "" })}
      {field("maxTickets", "Tickets per player per game", room.maxTickets, { inputMode: "numeric" })}
      {field("gameTickets", "Tickets per game", room.gameTickets, { inputMode: "numeric" })}
      {field("opensAt", "Opens (HH:MM Manila, empty: always)", room.opensAt ?? "", {
        pattern: "\\d{2}:\\d{2}",
      })}
      {field("closesAt", "Closes (HH:MM Manila)", room.closesAt ?? "", { pattern: "\\d{2}:\\d{2}" })}
      <div>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          Save
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
      <PageHeader
        title="Bingo rooms"
        description="Each room's ticket price, prize pool and split, schedule, draw pace, opening hours and state; the current game, the game history with verify links, and tickets sold, prizes and margin per room."
      />
      {!canWrite && <ReadOnlyNote />}
      {update.isError && <p role="alert">{String(update.error)}</p>}
      <div className="table-wrap">
        <table className="table" data-testid="bingo-rooms">
          <thead>
            <tr>
              <th scope="col">Room</th>
              <th scope="col">Ticket · pool</th>
              <th scope="col">Prize split</th>
              <th scope="col">Schedule · pace</th>
              <th scope="col">Current game</th>
              <th scope="col" className="num">
                Players
              </th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rooms.isPending && <SkeletonRows columns={COLS} />}
            {rooms.isError && !rooms.data && <ErrorRow columns={COLS} onRetry={() => rooms.refetch()} />}
            {rooms.data?.length === 0 && <EmptyRow columns={COLS} title="No rooms." />}
            {rooms.data?.map((r) => (
              <tr key={r.id} data-testid="bingo-room-row" data-room={r.id}>
                <td>
                  <strong>{r.name.EN}</strong>
                  <span className="cell-sub">
                    <code className="code-tag">{r.id}</code> · {r.kind === "bingo90" ? "90-ball" : "75-ball"}{" "}
                    ·{" "}
                    <span className={r.enabled ? "badge badge--success" : "badge badge--muted"}>
                      {r.enabled ? (r.open ? "Open" : "Outside hours") : "Off"}
                    </span>
                  </span>
                </td>
                <td className="cell-nowrap">
                  {r.ticketPrice} · {r.poolPercent} %
                  {r.guaranteed !== "0.00" && <span className="cell-sub">guaranteed {r.guaranteed}</span>}
                </td>
                <td>
                  {Object.entries(r.split).map(([k, v]) => (
                    <span key={k} className="cell-sub">
                      {k}: {(v / 100).toFixed(2)} %
                    </span>
                  ))}
                </td>
                <td>
                  every {r.salesMs / 1000} s · {r.ballMs / 1000} s a ball
                  {r.opensAt && (
                    <span className="cell-sub">
                      {r.opensAt}–{r.closesAt}
                    </span>
                  )}
                </td>
                <td>
                  {r.game ? `#${r.game.gameNo} ${r.game.status}` : "—"}
                  {r.game && (
                    <span className="cell-sub">
                      {r.game.ticketsSold} tickets · pool {r.game.pool} · {r.game.balls.length} balls
                    </span>
                  )}
                </td>
                <td className="num">{r.players}</td>
                <td className="actions">
                  <button type="button" className="btn btn--sm" onClick={() => setChosen(r.id)}>
                    Games
                  </button>
                  {canWrite && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        onClick={() => setEditing(editing === r.id ? null : r.id)}
                      >
                        Settings
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`bingo-toggle-${r.id}`}
                        onClick={() => update.mutate({ id: r.id, enabled: !r.enabled })}
                      >
                        {r.enabled ? "Turn off" : "Turn on"}
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
        <section aria-label={`Settings of ${editRoom.id}`}>
          <h2>Settings of {editRoom.name.EN}</h2>
          <p className="muted">
            Changes apply from the next game; a room turned off while selling refunds that game.
          </p>
          <RoomForm
            key={editRoom.id}
            room={editRoom}
            onSave={(u) => update.mutate(u)}
            saving={update.isPending}
          />
        </section>
      )}
      {chosen && (
        <section aria-label={`Games of ${chosen}`}>
          <h2>Games of {chosen}</h2>
          <div className="table-wrap">
            <table className="table" data-testid="bingo-games">
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col">State</th>
                  <th scope="col" className="num">
                    Tickets
                  </th>
                  <th scope="col" className="num">
                    Sales
                  </th>
                  <th scope="col" className="num">
                    Prizes
                  </th>
                  <th scope="col">Seed hash / verify</th>
                </tr>
              </thead>
              <tbody>
                {games.isPending && <SkeletonRows columns={6} />}
                {games.data?.length === 0 && <EmptyRow columns={6} title="No games yet." />}
                {games.data?.map((g) => (
                  <tr key={g.gameId}>
                    <td>#{g.gameNo}</td>
                    <td>
                      {g.status}
                      <span className="cell-sub">{g.balls.length} balls</span>
                    </td>
                    <td className="num">{g.ticketsSold}</td>
                    <td className="num">{g.sales}</td>
                    <td className="num">{g.wins}</td>
                    <td>
                      <code className="code-tag">{g.seedHash.slice(0, 16)}…</code>{" "}
                      {g.seed && (
                        <a
                          href={`/rgs/verify?bingo=${g.kind}&seed=${g.seed}&hash=${g.seedHash}&lang=EN`}
                          target="_blank"
                          rel="noopener noreferrer"
                        >
                          Verify
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
      <section aria-label="Report per room">
        <h2>Report per room</h2>
        <label>
          From <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>{" "}
        <label>
          To <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <div className="table-wrap">
          <table className="table" data-testid="bingo-report">
            <thead>
              <tr>
                <th scope="col">Room</th>
                <th scope="col" className="num">
                  Games
                </th>
                <th scope="col" className="num">
                  Void
                </th>
                <th scope="col" className="num">
                  Tickets
                </th>
                <th scope="col" className="num">
                  Sales
                </th>
                <th scope="col" className="num">
                  Prizes
                </th>
                <th scope="col" className="num">
                  Margin
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
                  <td className="num">{r.sales}</td>
                  <td className="num">{r.prizes}</td>
                  <td className="num">
                    {r.margin}
                    {r.marginPercent !== null && ` (${r.marginPercent} %)`}
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
