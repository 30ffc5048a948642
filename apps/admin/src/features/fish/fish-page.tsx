import type { AdminFishReportRow, AdminFishRoom } from "@panalo/contracts/fish-admin";
import { manilaToday } from "@panalo/contracts/manila-time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";

const anyOf = <T,>() => z.custom<T>(() => true);
const rtpText = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 1)} %`;

/** One room's settings: bet per shot (cannon level 1 and the largest shot), seats, RTP. */
function RoomForm({
  room,
  onSave,
  saving,
}: {
  room: AdminFishRoom;
  onSave: (u: Record<string, unknown>) => void;
  saving: boolean;
}) {
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    onSave({
      roomId: room.roomId,
      minBet: Number(s("minBet")).toFixed(2),
      maxBet: Number(s("maxBet")).toFixed(2),
      seats: Number(s("seats")),
      rtpBp: Number(s("rtpBp")),
    });
  };
  const id = (k: string) => `fish-${room.roomId}-${k}`;
  return (
    <form
      onSubmit={submit}
      className="form-grid"
      data-testid="fish-room-form"
      aria-label={`Settings of ${room.roomId}`}
    >
      <div className="field">
        <label htmlFor={id("minBet")}>Bet per shot at cannon level 1</label>
        <input id={id("minBet")} name="minBet" defaultValue={room.minBet} inputMode="decimal" required />
      </div>
      <div className="field">
        <label htmlFor={id("maxBet")}>Largest bet per shot</label>
        <input id={id("maxBet")} name="maxBet" defaultValue={room.maxBet} inputMode="decimal" required />
      </div>
      <div className="field">
        <label htmlFor={id("seats")}>Seats</label>
        <select id={id("seats")} name="seats" defaultValue={String(room.seats)}>
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id("rtpBp")}>RTP (certified settings)</label>
        <select id={id("rtpBp")} name="rtpBp" defaultValue={String(room.rtpBp)}>
          {room.certifiedRtpBp.map((bp) => (
            <option key={bp} value={bp}>
              {rtpText(bp)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className="btn btn--primary" disabled={saving}>
          Save
        </button>
      </div>
    </form>
  );
}

/**
 * Fish rooms (Panalo Fishing, PNF): each room's bet per shot, seats, RTP and on/off, what
 * happens in it now, and shots, stake, wins and margin against the stated RTP by day and room.
 */
export function FishRoomsPage() {
  const canWrite = useCanWrite("fish-rooms");
  const client = useQueryClient();
  const rooms = useQuery({
    queryKey: ["fish-rooms"],
    queryFn: ({ signal }) => api.get("/fish/rooms", anyOf<AdminFishRoom[]>(), signal),
    refetchInterval: 5000,
  });
  const [editing, setEditing] = useState<string | null>(null);
  const [from, setFrom] = useState(manilaToday());
  const [to, setTo] = useState(manilaToday());
  const report = useQuery({
    queryKey: ["fish-rooms", "report", from, to],
    queryFn: ({ signal }) =>
      api.get(`/fish/report?from=${from}&to=${to}`, anyOf<AdminFishReportRow[]>(), signal),
  });
  const update = useMutation({
    mutationFn: (u: Record<string, unknown>) => api.put("/fish/rooms", u, anyOf<AdminFishRoom>()),
    onSuccess: () => {
      setEditing(null);
      void client.invalidateQueries({ queryKey: ["fish-rooms"] });
    },
  });
  const COLS = 7;
  const editRoom = rooms.data?.find((r) => r.roomId === editing);
  return (
    <>
      <PageHeader
        title="Fish rooms"
        description="Each room's bet per shot, seats, RTP and state; seats taken, open magazines, shots and kills in the last minute; and shots, stake, wins and margin against the stated RTP by day and room."
      />
      {!canWrite && <ReadOnlyNote />}
      {update.isError && <p role="alert">{String(update.error)}</p>}
      <div className="table-wrap">
        <table className="table" data-testid="fish-rooms">
          <thead>
            <tr>
              <th scope="col">Room</th>
              <th scope="col">Bet per shot</th>
              <th scope="col">RTP</th>
              <th scope="col" className="num">
                Seats taken
              </th>
              <th scope="col" className="num">
                Open magazines
              </th>
              <th scope="col" className="num">
                Last minute
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
              <tr key={r.roomId} data-testid="fish-room-row" data-room={r.roomId}>
                <td>
                  <code className="code-tag">{r.roomId}</code>
                  <span className="cell-sub">
                    {r.level} ·{" "}
                    <span
                      className={r.enabled ? "badge badge--success" : "badge badge--muted"}
                      data-testid="fish-room-state"
                    >
                      {r.enabled ? "On" : "Off"}
                    </span>
                  </span>
                </td>
                <td className="cell-nowrap" data-testid="fish-room-bets">
                  {r.minBet}–{r.maxBet}
                </td>
                <td data-testid="fish-room-rtp">{rtpText(r.rtpBp)}</td>
                <td className="num">
                  {r.live.seatsTaken} / {r.seats}
                </td>
                <td className="num">
                  {r.live.openMagazines}
                  <span className="cell-sub">holding {r.live.onMagazines}</span>
                </td>
                <td className="num">
                  {r.live.shotsLastMinute} shots
                  <span className="cell-sub">{r.live.killsLastMinute} kills</span>
                </td>
                <td className="actions">
                  {canWrite && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        aria-label={`Settings of ${r.roomId}`}
                        onClick={() => setEditing(editing === r.roomId ? null : r.roomId)}
                      >
                        Settings
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`fish-toggle-${r.roomId}`}
                        aria-label={`${r.enabled ? "Turn off" : "Turn on"} ${r.roomId}`}
                        disabled={update.isPending}
                        onClick={() => update.mutate({ roomId: r.roomId, enabled: !r.enabled })}
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
        <section aria-label={`Settings of room ${editRoom.roomId}`}>
          <h2>Settings of {editRoom.roomId}</h2>
          <p className="muted">
            Bets and RTP apply from the next shot. A room turned off takes no new seat, and its players' open
            magazines are closed and paid at once.
          </p>
          <RoomForm
            key={editRoom.roomId}
            room={editRoom}
            onSave={(u) => update.mutate(u)}
            saving={update.isPending}
          />
        </section>
      )}
      <section aria-label="Report by day and room">
        <h2>Report by day and room</h2>
        <label>
          From <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>{" "}
        <label>
          To <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <div className="table-wrap">
          <table className="table" data-testid="fish-report">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Room</th>
                <th scope="col" className="num">
                  Shots
                </th>
                <th scope="col" className="num">
                  Stake
                </th>
                <th scope="col" className="num">
                  Wins
                </th>
                <th scope="col" className="num">
                  Margin
                </th>
                <th scope="col" className="num">
                  RTP measured / stated
                </th>
              </tr>
            </thead>
            <tbody>
              {report.isPending && <SkeletonRows columns={7} />}
              {report.data?.length === 0 && <EmptyRow columns={7} title="No shots in this period." />}
              {report.data?.map((r) => (
                <tr
                  key={`${r.day ?? "total"}-${r.roomId}`}
                  data-testid="fish-report-row"
                  data-room={r.roomId}
                  data-day={r.day ?? "total"}
                >
                  <td>{r.day ?? <strong>Period total</strong>}</td>
                  <td>{r.roomId}</td>
                  <td className="num">{r.shots}</td>
                  <td className="num">{r.stake}</td>
                  <td className="num">{r.wins}</td>
                  <td className="num">
                    {r.margin}
                    {r.marginPercent !== null && ` (${r.marginPercent} %)`}
                  </td>
                  <td className="num">
                    {r.rtpPercent ?? "—"} % / {r.statedRtpPercent ?? "—"} %
                    {r.rtpDifference !== null && <span className="cell-sub">{r.rtpDifference} pp</span>}
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
