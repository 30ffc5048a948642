import { ChatLangs, type ChatSettings as Settings } from "@panalo/contracts/chat";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { toast } from "../../lib/toast-store.ts";
import { type Canned, CannedList, ChatSettings, Ok, OperatorList } from "./chat-api.ts";
import "./chat.css";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
type Texts = Canned["texts"];
const emptyTexts = (): Texts => Object.fromEntries(ChatLangs.map((l) => [l, ""])) as Texts;

/**
 * Chat settings: canned replies in each of the 7 languages, business
 * hours with the away message, and which team each operator answers for with their maximum load.
 */
export function ChatSettingsPage() {
  const canWrite = useCanWrite("chat-settings");
  return (
    <div className="chat-settings">
      <PageHeader
        title="Chat settings"
        description="Canned replies, business hours and the away message, operators' teams (VIP members above level 4 go to the VIP team)."
      />
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
      toast.success("Canned reply saved.");
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
        Canned replies
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">English</th>
              <th scope="col">Actions</th>
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
                        Edit
                      </button>{" "}
                      <button
                        type="button"
                        className="btn btn--xs btn--danger-ghost"
                        onClick={() => void remove(c.id)}
                      >
                        Delete
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
          New canned reply
        </button>
      )}
      {editing && (
        <form onSubmit={save} className="chat-form-block">
          <label className="field" htmlFor="canned-title-input">
            <span className="field-label">Title</span>
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
            Save
          </button>{" "}
          <button type="button" className="btn btn--sm" onClick={() => setEditing(null)}>
            Cancel
          </button>
        </form>
      )}
    </section>
  );
}

function Hours({ canWrite }: { canWrite: boolean }) {
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
      toast.success("Business hours saved.");
      await qc.invalidateQueries({ queryKey: ["chat", "settings"] });
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <section className="panel" aria-labelledby="hours-title">
      <h2 id="hours-title" className="chat-side-title">
        Business hours and away message
      </h2>
      <form onSubmit={save}>
        <label className="field" htmlFor="hours-offset">
          <span className="field-label">Time zone (minutes east of UTC; Manila 480)</span>
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
                <th scope="col">Day</th>
                <th scope="col">Open</th>
                <th scope="col">From</th>
                <th scope="col">Until</th>
              </tr>
            </thead>
            <tbody>
              {DAYS.map((name, d) => {
                const h = dayOf(d);
                return (
                  <tr key={name}>
                    <td>{name}</td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Open on ${name}`}
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
                        aria-label={`${name} opens`}
                        value={h?.open ?? ""}
                        disabled={!h || !canWrite}
                        pattern="[0-2][0-9]:[0-5][0-9]"
                        onChange={(e) => h && setDay(d, { open: e.target.value, close: h.close })}
                      />
                    </td>
                    <td>
                      <input
                        className="input"
                        aria-label={`${name} closes`}
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
        <h3 className="chat-side-title">Away message</h3>
        <TextsFields
          idPrefix="away"
          texts={draft.away}
          onChange={(away) => setDraft({ ...draft, away })}
          disabled={!canWrite}
        />
        {canWrite && (
          <button type="submit" className="btn btn--primary btn--sm">
            Save hours
          </button>
        )}
      </form>
    </section>
  );
}

function Teams({ canWrite }: { canWrite: boolean }) {
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
        Operators
      </h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Operator</th>
              <th scope="col">Available</th>
              <th scope="col">Open now</th>
              <th scope="col">Team</th>
              <th scope="col">Most open at once</th>
            </tr>
          </thead>
          <tbody>
            {q.data?.items.map((o) => (
              <tr key={o.id}>
                <td>{o.username}</td>
                <td>{o.available ? "Yes" : "No"}</td>
                <td>{o.open}</td>
                <td>
                  <select
                    className="input"
                    aria-label={`Team of ${o.username}`}
                    value={o.team}
                    disabled={!canWrite}
                    onChange={(e) => void update(o.id, e.target.value, o.maxOpen)}
                  >
                    <option value="general">General</option>
                    <option value="vip">VIP</option>
                  </select>
                </td>
                <td>
                  <input
                    className="input"
                    type="number"
                    min={1}
                    max={100}
                    aria-label={`Most open conversations for ${o.username}`}
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
