import type { AdminFishReportRow, AdminFishRoom } from "@panalo/contracts/fish-admin";
import { manilaToday } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money-format";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { MoneyInput } from "../../components/amount-fields.tsx";
import { ManilaPeriod } from "../../components/manila-period.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { SettingsSection } from "../../components/settings-section.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import {
  amountText,
  amountToMinor,
  BASIS_POINTS,
  readPesos,
  showAmount,
  showPercent,
  showPercentText,
} from "../../lib/amounts.ts";
import { api } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.ts";
import { fishLevelLabel } from "./fish-labels.ts";

const anyOf = <T,>() => z.custom<T>(() => true);
const rtpText = (bp: number) => showPercent(bp, BASIS_POINTS);

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
  const t = useT();
  const [minBet, setMinBet] = useState(() => amountText(room.minBet));
  const [maxBet, setMaxBet] = useState(() => amountText(room.maxBet));
  const minRead = readPesos(minBet);
  const maxRead = readPesos(maxBet);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!minRead.ok || !maxRead.ok) return;
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    onSave({
      roomId: room.roomId,
      minBet: formatMinor(minRead.value),
      maxBet: formatMinor(maxRead.value),
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
      aria-label={t("fish.settingsOf", { room: room.roomId })}
    >
      <MoneyInput
        label={t("fish.minBet")}
        value={minBet}
        onChange={setMinBet}
        saved={amountToMinor(room.minBet)}
      />
      <MoneyInput
        label={t("fish.maxBet")}
        value={maxBet}
        onChange={setMaxBet}
        saved={amountToMinor(room.maxBet)}
      />
      <div className="field">
        <label htmlFor={id("seats")}>{t("fish.seats")}</label>
        <select id={id("seats")} name="seats" defaultValue={String(room.seats)}>
          {[1, 2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={id("rtpBp")}>{t("fish.rtp")}</label>
        <select id={id("rtpBp")} name="rtpBp" defaultValue={String(room.rtpBp)}>
          {room.certifiedRtpBp.map((bp) => (
            <option key={bp} value={bp}>
              {rtpText(bp)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <button type="submit" className="btn btn--primary" disabled={saving || !minRead.ok || !maxRead.ok}>
          {t("fish.save")}
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
  const t = useT();
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
      <PageHeader title={t("section.fish-rooms")} description={t("fish.description")} />
      {!canWrite && <ReadOnlyNote />}
      {update.isError && <p role="alert">{String(update.error)}</p>}
      <div className="table-wrap">
        <table className="table" data-testid="fish-rooms">
          <thead>
            <tr>
              <th scope="col">{t("fish.room")}</th>
              <th scope="col">{t("fish.betPerShot")}</th>
              <th scope="col">{t("fish.rtpHead")}</th>
              <th scope="col" className="num">
                {t("fish.seatsTaken")}
              </th>
              <th scope="col" className="num">
                {t("fish.openMagazines")}
              </th>
              <th scope="col" className="num">
                {t("fish.lastMinute")}
              </th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("fish.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rooms.isPending && <SkeletonRows columns={COLS} />}
            {rooms.isError && !rooms.data && <ErrorRow columns={COLS} onRetry={() => rooms.refetch()} />}
            {rooms.data?.length === 0 && <EmptyRow columns={COLS} title={t("fish.noRooms")} />}
            {rooms.data?.map((r) => (
              <tr key={r.roomId} data-testid="fish-room-row" data-room={r.roomId}>
                <td>
                  <code className="code-tag">{r.roomId}</code>
                  <span className="cell-sub">
                    {fishLevelLabel(r.level)} ·{" "}
                    <span
                      className={r.enabled ? "badge badge--success" : "badge badge--muted"}
                      data-testid="fish-room-state"
                    >
                      {r.enabled ? t("fish.on") : t("fish.off")}
                    </span>
                  </span>
                </td>
                <td className="cell-nowrap" data-testid="fish-room-bets">
                  {showAmount(r.minBet)}–{showAmount(r.maxBet)}
                </td>
                <td data-testid="fish-room-rtp">{rtpText(r.rtpBp)}</td>
                <td className="num">
                  {r.live.seatsTaken} / {r.seats}
                </td>
                <td className="num">
                  {r.live.openMagazines}
                  <span className="cell-sub">{t("fish.holding", { n: r.live.onMagazines })}</span>
                </td>
                <td className="num">
                  {t("fish.shotsN", { n: r.live.shotsLastMinute })}
                  <span className="cell-sub">{t("fish.killsN", { n: r.live.killsLastMinute })}</span>
                </td>
                <td className="actions">
                  {canWrite && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        aria-label={t("fish.settingsOf", { room: r.roomId })}
                        onClick={() => setEditing(editing === r.roomId ? null : r.roomId)}
                      >
                        {t("fish.settings")}
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        data-testid={`fish-toggle-${r.roomId}`}
                        aria-label={
                          r.enabled
                            ? t("fish.turnOffRoom", { room: r.roomId })
                            : t("fish.turnOnRoom", { room: r.roomId })
                        }
                        disabled={update.isPending}
                        onClick={() => update.mutate({ roomId: r.roomId, enabled: !r.enabled })}
                      >
                        {r.enabled ? t("fish.turnOff") : t("fish.turnOn")}
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
          label={t("fish.settingsOfRoom", { room: editRoom.roomId })}
          title={t("fish.settingsOf", { room: editRoom.roomId })}
          note={t("fish.applyNote")}
        >
          <RoomForm
            key={editRoom.roomId}
            room={editRoom}
            onSave={(u) => update.mutate(u)}
            saving={update.isPending}
          />
        </SettingsSection>
      )}
      <section aria-label={t("fish.report")}>
        <h2>{t("fish.report")}</h2>
        <ManilaPeriod from={from} to={to} setFrom={setFrom} setTo={setTo} />
        <div className="table-wrap">
          <table className="table" data-testid="fish-report">
            <thead>
              <tr>
                <th scope="col">{t("fish.day")}</th>
                <th scope="col">{t("fish.room")}</th>
                <th scope="col" className="num">
                  {t("fish.shots")}
                </th>
                <th scope="col" className="num">
                  {t("fish.stake")}
                </th>
                <th scope="col" className="num">
                  {t("fish.wins")}
                </th>
                <th scope="col" className="num">
                  {t("fish.margin")}
                </th>
                <th scope="col" className="num">
                  {t("fish.rtpMeasured")}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.isPending && <SkeletonRows columns={7} />}
              {report.data?.length === 0 && <EmptyRow columns={7} title={t("fish.noShots")} />}
              {report.data?.map((r) => (
                <tr
                  key={`${r.day ?? "total"}-${r.roomId}`}
                  data-testid="fish-report-row"
                  data-room={r.roomId}
                  data-day={r.day ?? "total"}
                >
                  <td>{r.day ?? <strong>{t("fish.periodTotal")}</strong>}</td>
                  <td>{r.roomId}</td>
                  <td className="num">{r.shots}</td>
                  <td className="num">{showAmount(r.stake)}</td>
                  <td className="num">{showAmount(r.wins)}</td>
                  <td className="num">
                    {showAmount(r.margin)}
                    {r.marginPercent !== null && ` (${showPercentText(r.marginPercent)})`}
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
