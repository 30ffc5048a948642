import { ChatLangs, type ChatSettings as Settings } from "@panalo/contracts/chat";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { type Canned, CannedList, ChatSettings, Ok, OperatorList } from "./chat-api.ts";
import "./chat.css";

/** The week from Sunday (day 0), as catalogue keys looked up when drawn. */
const DAYS: TextKey[] = [
  "chatSettings.sunday",
  "chatSettings.monday",
  "chatSettings.tuesday",
  "chatSettings.wednesday",
  "chatSettings.thursday",
  "chatSettings.friday",
  "chatSettings.saturday",
];
type Texts = Canned["texts"];
const emptyTexts = (): Texts => Object.fromEntries(ChatLangs.map((l) => [l, ""])) as Texts;

/**
 * Chat settings: canned replies in each of the 7 languages, business
 * hours with the away message, and which team each operator answers for with their maximum load.
 */
export function ChatSettingsPage() {
  const t = useT();
  const canWrite = useCanWrite("chat-settings");
  return (
    <div className="chat-settings">
      <PageHeader title={t("chatSettings.title")} description={t("chatSettings.description")} />
      {!canWrite && <ReadOnlyNote />}
      <CannedReplies canWrite={canWrite} />
      <Hours canWrite={canWrite} />
      <Teams canWrite={canWrite} />
    </div>
  );
}

function TextsFields(props: {
  idPrefix: string;
  texts: Texts;
  onChange: (t: Texts) => void;
  disabled: boolean;
}) {
  return (
    <div className="chat-texts">
      {ChatLangs.map((l) => (
        <label key={l} className="field" htmlFor={`${props.idPrefix}-${l}`}>
          <span className="field-label">{l}</span>
          <textarea
            id={`${props.idPrefix}-${l}`}
            className="input"
            rows={2}
            maxLength={1000}
            value={props.texts[l]}
            disabled={props.disabled}
            onChange={(e) => props.onChange({ ...props.texts, [l]: e.target.value })}
            data-testid={`${props.idPrefix}-${l}`}
          />
        </label>
      ))}
    </div>
  );
}

function CannedReplies({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: ["chat", "canned"],
    queryFn: ({ signal }) => api.get("/chat/canned", CannedList, signal),
  });
  const [editing, setEditing] = useState<{ id: number | null; title: string; texts: Texts } | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!editing) return;
    try {
      const body = { title: editing.title, texts: editing.texts };
      if (editing.id === null) await api.post("/chat/canned", body, Ok);
      else await api.put(`/chat/canned/${editing.id}`, body, Ok);
      setEditing(null);
      toast.success(t("chatSettings.cannedSaved"));
      await qc.invalidateQueries({ queryKey: ["chat", "canned"] });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const remove = async (id: number) => {
    try {
      await api.delete(`/chat/canned/${id}`, Ok);
      await qc.invalidateQueries({ queryKey: ["chat", "canned"] });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <section className="panel" aria-labelledby="canned-title">
      <h2 id="canned-title" className="chat-side-title">
        {t("chatSettings.canned")}
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("chatSettings.cannedTitle")}</th>
              <th scope="col">{t("lang.EN")}</th>
              <th scope="col">{t("bonus.actions")}</th>
            </tr>
          </thead>
          <tbody>
            {list.data?.items.map((c) => (
              <tr key={c.id}>
                <td>{c.title}</td>
                <td>{c.texts.EN}</td>
                <td className="cell-nowrap">
                  {canWrite && (
                    <>
                      <button type="button" className="btn btn--xs" onClick={() => setEditing({ ...c })}>
                        {t("loyalty.edit")}
                      </button>{" "}
                      <button
                        type="button"
                        className="btn btn--xs btn--danger-ghost"
                        onClick={() => void remove(c.id)}
                      >
                        {t("roles.delete")}
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canWrite && !editing && (
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => setEditing({ id: null, title: "", texts: emptyTexts() })}
          data-testid="canned-new"
        >
          {t("chatSettings.newCanned")}
        </button>
      )}
      {editing && (
        <form onSubmit={save} className="chat-form-block">
          <label className="field" htmlFor="canned-title-input">
            <span className="field-label">{t("chatSettings.cannedTitle")}</span>
            <input
              id="canned-title-input"
              className="input"
              value={editing.title}
              maxLength={100}
              required
              onChange={(e) => setEditing({ ...editing, title: e.target.value })}
            />
          </label>
          <TextsFields
            idPrefix="canned"
            texts={editing.texts}
            onChange={(texts) => setEditing({ ...editing, texts })}
            disabled={false}
          />
          <button type="submit" className="btn btn--primary btn--sm">
            {t("rewards.save")}
          </button>{" "}
          <button type="button" className="btn btn--sm" onClick={() => setEditing(null)}>
            {t("common.cancel")}
          </button>
        </form>
      )}
    </section>
  );
}

function Hours({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ["chat", "settings"],
    queryFn: ({ signal }) => api.get("/chat/settings", ChatSettings, signal),
  });
  const [draft, setDraft] = useState<Settings | null>(null);
  useEffect(() => {
    if (q.data && !draft) setDraft(q.data);
  }, [q.data, draft]);
  if (!draft) return null;
  const dayOf = (d: number) => draft.hours.find((h) => h.day === d);
  const setDay = (d: number, v: { open: string; close: string } | null) =>
    setDraft({
      ...draft,
      hours: [...draft.hours.filter((h) => h.day !== d), ...(v ? [{ day: d, ...v }] : [])].sort(
        (a, b) => a.day - b.day,
      ),
    });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api.put("/chat/settings", draft, Ok);
      toast.success(t("chatSettings.hoursSaved"));
      await qc.invalidateQueries({ queryKey: ["chat", "settings"] });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <section className="panel" aria-labelledby="hours-title">
      <h2 id="hours-title" className="chat-side-title">
        {t("chatSettings.hours")}
      </h2>
      <form onSubmit={save}>
        <label className="field" htmlFor="hours-offset">
          <span className="field-label">{t("chatSettings.timeZone")}</span>
          <input
            id="hours-offset"
            className="input"
            type="number"
            min={-720}
            max={840}
            value={draft.utcOffsetMinutes}
            disabled={!canWrite}
            onChange={(e) => setDraft({ ...draft, utcOffsetMinutes: Number(e.target.value) })}
          />
        </label>
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t("chatSettings.day")}</th>
                <th scope="col">{t("chatSettings.open")}</th>
                <th scope="col">{t("filter.from")}</th>
                <th scope="col">{t("rewards.until")}</th>
              </tr>
            </thead>
            <tbody>
              {DAYS.map((day, d) => {
                const h = dayOf(d);
                const name = t(day);
                return (
                  <tr key={day}>
                    <td>{name}</td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={t("chatSettings.openOn", { day: name })}
                        checked={!!h}
                        disabled={!canWrite}
                        onChange={(e) =>
                          setDay(d, e.target.checked ? { open: "09:00", close: "21:00" } : null)
                        }
                      />
                    </td>
                    <td>
                      <input
                        className="input"
                        aria-label={t("chatSettings.opens", { day: name })}
                        value={h?.open ?? ""}
                        disabled={!h || !canWrite}
                        pattern="[0-2][0-9]:[0-5][0-9]"
                        onChange={(e) => h && setDay(d, { open: e.target.value, close: h.close })}
                      />
                    </td>
                    <td>
                      <input
                        className="input"
                        aria-label={t("chatSettings.closes", { day: name })}
                        value={h?.close ?? ""}
                        disabled={!h || !canWrite}
                        pattern="[0-2][0-9]:[0-5][0-9]"
                        onChange={(e) => h && setDay(d, { open: h.open, close: e.target.value })}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <h3 className="chat-side-title">{t("chatSettings.away")}</h3>
        <TextsFields
          idPrefix="away"
          texts={draft.away}
          onChange={(away) => setDraft({ ...draft, away })}
          disabled={!canWrite}
        />
        {canWrite && (
          <button type="submit" className="btn btn--primary btn--sm">
            {t("chatSettings.saveHours")}
          </button>
        )}
      </form>
    </section>
  );
}

function Teams({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: ["chat", "operators"],
    queryFn: ({ signal }) => api.get("/chat/operators", OperatorList, signal),
  });
  const update = async (id: number, team: string, maxOpen: number) => {
    try {
      await api.put(`/chat/operators/${id}`, { team, maxOpen }, Ok);
      await qc.invalidateQueries({ queryKey: ["chat", "operators"] });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <section className="panel" aria-labelledby="teams-title">
      <h2 id="teams-title" className="chat-side-title">
        {t("chatSettings.operators")}
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("roles.colOperator")}</th>
              <th scope="col">{t("chatSettings.available")}</th>
              <th scope="col">{t("chatSettings.openNow")}</th>
              <th scope="col">{t("chatSettings.team")}</th>
              <th scope="col">{t("chatSettings.mostOpen")}</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.items.map((o) => (
              <tr key={o.id}>
                <td>{o.username}</td>
                <td>{o.available ? t("chatSettings.yes") : t("chatSettings.no")}</td>
                <td>{o.open}</td>
                <td>
                  <select
                    className="input"
                    aria-label={t("chatSettings.teamOf", { name: o.username })}
                    value={o.team}
                    disabled={!canWrite}
                    onChange={(e) => void update(o.id, e.target.value, o.maxOpen)}
                  >
                    <option value="general">{t("chatSettings.general")}</option>
                    <option value="vip">{t("chat.vip")}</option>
                  </select>
                </td>
                <td>
                  <input
                    className="input"
                    type="number"
                    min={1}
                    max={100}
                    aria-label={t("chatSettings.mostOpenFor", { name: o.username })}
                    defaultValue={o.maxOpen}
                    disabled={!canWrite}
                    onBlur={(e) =>
                      Number(e.target.value) !== o.maxOpen &&
                      void update(o.id, o.team, Number(e.target.value))
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
