import type { CockfightFightView, CockfightResult, CockfightSettings } from "@panalo/contracts/cockfight";
import { manilaToday } from "@panalo/contracts/manila-time";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { fightStatusLabel } from "./cockfight-labels.ts";

type Fight = CockfightFightView & {
  declaredResult: CockfightResult | null;
  declaredBy: string | null;
  confirmedBy: string | null;
  commission: string | null;
  remainder: string | null;
  wins: string;
};
interface Event {
  eventId: string;
  arena: string;
  date: string;
  videoUrl: string;
  plasadaBp: number;
  drawPaysX100: number;
  fights: Fight[];
}
const anyOf = <T,>() => z.custom<T>(() => true);
const RESULTS: CockfightResult[] = ["meron", "wala", "draw", "cancelled"];

/**
 * The cockfight arena's back office: where it is offered (regions; off by default), events
 * (arena, day, HLS video) and their fights, and each fight's betting and result. A result pays
 * only when a second operator confirms it (the game server refuses the declaring operator).
 */
export function CockfightPage() {
  const t = useT();
  const canWrite = useCanWrite("cockfight");
  const qc = useQueryClient();
  const events = useQuery({
    queryKey: ["cockfight-events"],
    queryFn: ({ signal }) => api.get("/cockfight/events", anyOf<Event[]>(), signal),
    refetchInterval: 3000,
  });
  const act = useMutation({
    mutationFn: ({ path, body }: { path: string; body: unknown }) =>
      api.post(`/cockfight/${path}`, body, anyOf<unknown>()),
    onSuccess: () => qc.invalidateQueries({ queryKey: ["cockfight-events"] }),
    onError: (err) => toast.error(errorMessage(err)),
  });
  return (
    <div className="page" data-testid="cockfight-admin">
      <PageHeader title={t("cockfight.title")} />
      {!canWrite && <ReadOnlyNote />}
      <RegionForm canWrite={canWrite} />
      {canWrite && <EventForm onCreate={(body) => act.mutate({ path: "events", body })} />}
      <table className="table" aria-label={t("cockfight.events")}>
        <tbody>
          {events.isPending && <SkeletonRows columns={1} />}
          {events.isError && <ErrorRow columns={1} onRetry={() => void events.refetch()} />}
          {events.data?.length === 0 && <EmptyRow columns={1} title={t("cockfight.noEvents")} />}
          {(events.data ?? []).map((e) => (
            <tr key={e.eventId}>
              <td>
                <EventCard event={e} canWrite={canWrite} act={(path, body) => act.mutate({ path, body })} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RegionForm({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  const setting = useQuery({
    queryKey: ["setting", "cockfight"],
    queryFn: ({ signal }) => api.get("/settings/cockfight", anyOf<CockfightSettings>(), signal),
  });
  const save = useMutation({
    mutationFn: (v: CockfightSettings) => api.put("/settings/cockfight", v, anyOf<CockfightSettings>()),
    onSuccess: () => {
      toast.success(t("cockfight.regionsSaved"));
      return qc.invalidateQueries({ queryKey: ["setting", "cockfight"] });
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  if (!setting.data) return null;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const countries = [
      ...new Set(
        String(f.get("countries") ?? "")
          .split(/[\s,;]+/)
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      ),
    ];
    save.mutate({ countries, unlocated: f.get("unlocated") === "on" });
  };
  return (
    <form className="form-grid" onSubmit={submit} aria-label={t("cockfight.regions")}>
      <p className="muted">{t("cockfight.regionsHelp")}</p>
      <div className="field">
        <label htmlFor="cf-countries">{t("cockfight.countries")}</label>
        <input id="cf-countries" name="countries" defaultValue={setting.data.countries.join(", ")} />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="unlocated" defaultChecked={setting.data.unlocated} />{" "}
        {t("cockfight.unlocated")}
      </label>
      {canWrite && (
        <button type="submit" className="btn" disabled={save.isPending}>
          {t("cockfight.saveRegions")}
        </button>
      )}
    </form>
  );
}

function EventForm({ onCreate }: { onCreate: (b: Record<string, unknown>) => void }) {
  const t = useT();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    onCreate({
      arena: s("arena"),
      date: s("date"),
      videoUrl: s("videoUrl"),
      plasadaBp: Math.round(Number(s("plasada")) * 100),
    });
  };
  return (
    <form className="form-grid" onSubmit={submit} aria-label={t("cockfight.newEvent")}>
      <div className="field">
        <label htmlFor="cf-arena">{t("cockfight.arena")}</label>
        <input id="cf-arena" name="arena" required maxLength={120} />
      </div>
      <div className="field">
        <label htmlFor="cf-date">{t("cockfight.date")}</label>
        <input id="cf-date" name="date" type="date" required defaultValue={manilaToday()} />
      </div>
      <div className="field">
        <label htmlFor="cf-video">{t("cockfight.video")}</label>
        <input id="cf-video" name="videoUrl" required placeholder={t("cockfight.videoHint")} />
      </div>
      <div className="field">
        <label htmlFor="cf-plasada">{t("cockfight.plasada")}</label>
        <input id="cf-plasada" name="plasada" inputMode="decimal" defaultValue="5" />
      </div>
      <button type="submit" className="btn btn-primary">
        {t("cockfight.createEvent")}
      </button>
    </form>
  );
}

function EventCard({
  event,
  canWrite,
  act,
}: {
  event: Event;
  canWrite: boolean;
  act: (path: string, body: unknown) => void;
}) {
  const t = useT();
  const addFight = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "").trim();
    const entry = (side: string) => ({
      owner: s(`${side}Owner`),
      weight: s(`${side}Weight`),
      record: s(`${side}Record`),
    });
    act("fights", {
      eventId: event.eventId,
      fightNo: Number(s("fightNo")),
      meron: entry("meron"),
      wala: entry("wala"),
    });
  };
  const next = Math.max(0, ...event.fights.map((f) => f.fightNo)) + 1;
  return (
    <section data-testid="cockfight-event" aria-label={`${event.arena} ${event.date}`}>
      <h3>
        {event.arena} · {event.date}
      </h3>
      <p className="muted">
        {t("cockfight.video")}: {event.videoUrl} · {t("cockfight.plasada")}: {event.plasadaBp / 100}%
      </p>
      <table className="table">
        <thead>
          <tr>
            <th>{t("cockfight.fight")}</th>
            <th>{t("cockfight.meron")}</th>
            <th>{t("cockfight.wala")}</th>
            <th>{t("cockfight.status")}</th>
            <th>{t("cockfight.pools")}</th>
            <th>{t("cockfight.result")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {event.fights.map((f) => (
            <FightRow key={f.fightId} fight={f} canWrite={canWrite} act={act} />
          ))}
        </tbody>
      </table>
      {canWrite && (
        <form className="form-grid" onSubmit={addFight} aria-label={t("cockfight.newFight")} key={next}>
          <div className="field">
            <label htmlFor={`cf-no-${event.eventId}`}>{t("cockfight.fightNo")}</label>
            <input id={`cf-no-${event.eventId}`} name="fightNo" defaultValue={next} inputMode="numeric" />
          </div>
          {(["meron", "wala"] as const).map((side) => (
            <fieldset key={side}>
              <legend>{t(`cockfight.${side}`)}</legend>
              <input name={`${side}Owner`} aria-label={t("cockfight.owner", { side })} required />
              <input name={`${side}Weight`} aria-label={t("cockfight.weight", { side })} required />
              <input name={`${side}Record`} aria-label={t("cockfight.record", { side })} />
            </fieldset>
          ))}
          <button type="submit" className="btn">
            {t("cockfight.addFight")}
          </button>
        </form>
      )}
    </section>
  );
}

function FightRow({
  fight: f,
  canWrite,
  act,
}: {
  fight: Fight;
  canWrite: boolean;
  act: (path: string, body: unknown) => void;
}) {
  const t = useT();
  const [result, setResult] = useState<CockfightResult>("meron");
  // Betting may also stop by itself: seconds after opening (empty: only when an operator closes it).
  const [closeAfter, setCloseAfter] = useState("");
  const ref = { fightId: f.fightId };
  return (
    <tr data-testid={`fight-${f.fightNo}`}>
      <td>#{f.fightNo}</td>
      <td>
        {f.meron.owner} · {f.meron.weight} · {f.meron.record}
      </td>
      <td>
        {f.wala.owner} · {f.wala.weight} · {f.wala.record}
      </td>
      <td data-testid="fight-status">{fightStatusLabel(f.status)}</td>
      <td>
        {f.pools.meron} / {f.pools.wala} / {f.pools.draw}
      </td>
      <td>
        {f.status === "settled"
          ? t("cockfight.settledAs", {
              result: t(`cockfight.res.${f.result ?? "cancelled"}`),
              odds: f.oddsPaid ?? "—",
              commission: f.commission ?? "0.00",
              remainder: f.remainder ?? "0.00",
            })
          : f.declaredResult
            ? t("cockfight.declaredBy", {
                result: t(`cockfight.res.${f.declaredResult}`),
                who: f.declaredBy ?? "",
              })
            : "—"}
      </td>
      <td>
        {canWrite && f.status === "scheduled" && (
          <span>
            <input
              className="input-sm"
              inputMode="numeric"
              value={closeAfter}
              onChange={(e) => setCloseAfter(e.target.value.replace(/\D/g, ""))}
              aria-label={t("cockfight.closeAfter")}
              placeholder={t("cockfight.closeAfter")}
            />
            <button
              type="button"
              className="btn btn-sm"
              onClick={() =>
                act("open", closeAfter ? { ...ref, closeAfterSeconds: Number(closeAfter) } : ref)
              }
            >
              {t("cockfight.open")}
            </button>
          </span>
        )}
        {canWrite && f.status === "open" && (
          <button type="button" className="btn btn-sm" onClick={() => act("close", ref)}>
            {t("cockfight.close")}
          </button>
        )}
        {canWrite && f.status !== "settled" && !f.declaredResult && (
          <span>
            <select
              aria-label={t("cockfight.result")}
              value={result}
              onChange={(e) => setResult(e.target.value as CockfightResult)}
            >
              {RESULTS.map((r) => (
                <option key={r} value={r}>
                  {t(`cockfight.res.${r}`)}
                </option>
              ))}
            </select>
            <button type="button" className="btn btn-sm" onClick={() => act("declare", { ...ref, result })}>
              {t("cockfight.declare")}
            </button>
          </span>
        )}
        {canWrite && f.status === "closed" && f.declaredResult && (
          <span>
            <button
              type="button"
              className="btn btn-sm btn-primary"
              onClick={() => act("confirm", { ...ref, result: f.declaredResult })}
            >
              {t("cockfight.confirm")}
            </button>
            <button type="button" className="btn btn-sm" onClick={() => act("reject", ref)}>
              {t("cockfight.reject")}
            </button>
          </span>
        )}
      </td>
    </tr>
  );
}
