import { LangCodes } from "@panalo/contracts/envelope";
import {
  AdminMessageSend,
  MESSAGE_BODY_MAX,
  MESSAGE_TITLE_MAX,
  type Segment,
} from "@panalo/contracts/messages";
import { useState } from "react";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { errorMessage } from "../../lib/api.ts";
import { toast } from "../../lib/toast-store.ts";
import { previewCount, useSendMessage } from "./messages-api.ts";

type Lang = (typeof LangCodes)[number];
type Audience = "member" | "segment" | "everyone";
const LANG_NAMES: Record<Lang, string> = {
  TY: "Filipino",
  EN: "English",
  CN: "Chinese",
  VI: "Vietnamese",
  TH: "Thai",
  ID: "Indonesian",
  JA: "Japanese",
};

interface SegmentForm {
  accountType: "any" | "player" | "agent";
  registeredFrom: string;
  registeredTo: string;
  depositedWithinDays: string;
  neverDeposited: boolean;
  languages: Lang[];
  underAgentId: string;
  vipLevels: string;
}
const EMPTY_SEGMENT: SegmentForm = {
  accountType: "any",
  registeredFrom: "",
  registeredTo: "",
  depositedWithinDays: "",
  neverDeposited: false,
  languages: [],
  underAgentId: "",
  vipLevels: "",
};

/** The form's filters as the call's segment: empty fields are left out. */
function segmentOf(f: SegmentForm): Segment {
  const vip = f.vipLevels
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  return {
    accountType: f.accountType,
    ...(f.registeredFrom ? { registeredFrom: f.registeredFrom } : {}),
    ...(f.registeredTo ? { registeredTo: f.registeredTo } : {}),
    ...(f.depositedWithinDays ? { depositedWithinDays: Number(f.depositedWithinDays) } : {}),
    ...(f.neverDeposited ? { neverDeposited: true } : {}),
    ...(f.languages.length ? { languages: f.languages } : {}),
    ...(f.underAgentId ? { underAgentId: Number(f.underAgentId) } : {}),
    ...(vip.length ? { vipLevels: vip } : {}),
  };
}

/**
 * Write a message in one or more site languages (plain text: the site shows it
 * as text, never as HTML) and send it to one member, a segment (with a count of who it reaches
 * now) or everyone. A segment or broadcast may be marked marketing: members whose marketing is
 * stopped (self-exclusion, cooling-off) never see it.
 */
export function MessageComposer({ canWrite }: { canWrite: boolean }) {
  const [audience, setAudience] = useState<Audience>("member");
  const [username, setUsername] = useState("");
  const [seg, setSeg] = useState<SegmentForm>(EMPTY_SEGMENT);
  const [marketing, setMarketing] = useState(false);
  const [lang, setLang] = useState<Lang>("EN");
  const [texts, setTexts] = useState<Partial<Record<Lang, { title: string; body: string }>>>({});
  const [count, setCount] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ input: AdminMessageSend; what: string } | null>(null);
  const send = useSendMessage();

  const setSegField = <K extends keyof SegmentForm>(k: K, v: SegmentForm[K]) => {
    setSeg((s) => ({ ...s, [k]: v }));
    setCount(null);
  };
  const text = texts[lang] ?? { title: "", body: "" };
  const setText = (part: "title" | "body", value: string) =>
    setTexts((all) => ({ ...all, [lang]: { ...text, [part]: value } }));

  const build = (): unknown => {
    const written = Object.fromEntries(
      Object.entries(texts).filter(([, v]) => v && (v.title.trim() || v.body.trim())),
    );
    if (audience === "member") return { audience, username, texts: written };
    if (audience === "segment") return { audience, segment: segmentOf(seg), marketing, texts: written };
    return { audience, marketing, texts: written };
  };

  const preview = async () => {
    setProblem(null);
    try {
      const out = await previewCount(
        audience === "segment" ? { audience, segment: segmentOf(seg) } : { audience: "everyone" },
      );
      setCount(out.count);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  const review = async () => {
    setProblem(null);
    const parsed = AdminMessageSend.safeParse(build());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(`Check “${issue?.path.join(".") || "the message"}”: ${issue?.message ?? "not valid"}.`);
      return;
    }
    let what = `the member ${username}`;
    if (audience !== "member") {
      try {
        const out = await previewCount(
          audience === "segment" ? { audience, segment: segmentOf(seg) } : { audience: "everyone" },
        );
        setCount(out.count);
        what = `${out.count.toLocaleString("en")} member${out.count === 1 ? "" : "s"}`;
      } catch (err) {
        setProblem(errorMessage(err));
        return;
      }
    }
    setConfirming({ input: parsed.data, what });
  };

  const confirm = () => {
    if (!confirming) return;
    send.mutate(confirming.input, {
      onSuccess: (out) => {
        toast.success(`Sent to ${out.recipients.toLocaleString("en")} member(s).`);
        setConfirming(null);
        setTexts({});
        setCount(null);
      },
      onError: (err) => {
        setProblem(errorMessage(err));
        setConfirming(null);
      },
    });
  };

  return (
    <section className="panel message-composer" aria-labelledby="composer-title">
      <h2 id="composer-title" className="panel-title">
        New message
      </h2>
      <fieldset className="plain-fieldset">
        <legend className="field-label">Send to</legend>
        <div className="inline-checks">
          {(["member", "segment", "everyone"] as const).map((a) => (
            <label key={a} className="inline-check">
              <input
                type="radio"
                name="audience"
                checked={audience === a}
                onChange={() => {
                  setAudience(a);
                  setCount(null);
                }}
                data-testid={`composer-audience-${a}`}
              />
              {a === "member" ? "One member" : a === "segment" ? "A segment" : "Everyone"}
            </label>
          ))}
        </div>
      </fieldset>

      {audience === "member" && (
        <label className="field">
          <span className="field-label">Username</span>
          <input
            className="input"
            value={username}
            maxLength={40}
            onChange={(e) => setUsername(e.target.value)}
            data-testid="composer-username"
          />
        </label>
      )}

      {audience === "segment" && (
        <div className="form-grid form-grid--3 segment-grid">
          <label className="field">
            <span className="field-label">Account type</span>
            <select
              className="select"
              value={seg.accountType}
              onChange={(e) => setSegField("accountType", e.target.value as SegmentForm["accountType"])}
              data-testid="segment-account-type"
            >
              <option value="any">Players and agents</option>
              <option value="player">Players</option>
              <option value="agent">Agents</option>
            </select>
          </label>
          <label className="field">
            <span className="field-label">Registered from (Manila day)</span>
            <input
              className="input"
              type="date"
              value={seg.registeredFrom}
              onChange={(e) => setSegField("registeredFrom", e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">Registered to</span>
            <input
              className="input"
              type="date"
              value={seg.registeredTo}
              onChange={(e) => setSegField("registeredTo", e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">Deposited in the last N days</span>
            <input
              className="input"
              inputMode="numeric"
              value={seg.depositedWithinDays}
              onChange={(e) => setSegField("depositedWithinDays", e.target.value.replace(/\D/g, ""))}
            />
          </label>
          <label className="field">
            <span className="field-label">Under agent (member id)</span>
            <input
              className="input"
              inputMode="numeric"
              value={seg.underAgentId}
              onChange={(e) => setSegField("underAgentId", e.target.value.replace(/\D/g, ""))}
            />
          </label>
          <label className="field">
            <span className="field-label">VIP levels (comma separated)</span>
            <input
              className="input"
              value={seg.vipLevels}
              onChange={(e) => setSegField("vipLevels", e.target.value.replace(/[^\d,\s]/g, ""))}
            />
          </label>
          <label className="inline-check">
            <input
              type="checkbox"
              className="checkbox"
              checked={seg.neverDeposited}
              onChange={(e) => setSegField("neverDeposited", e.target.checked)}
            />
            Never deposited
          </label>
          <fieldset className="plain-fieldset segment-langs">
            <legend className="field-label">Member's language</legend>
            <div className="inline-checks">
              {LangCodes.map((l) => (
                <label key={l} className="inline-check">
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={seg.languages.includes(l)}
                    onChange={(e) =>
                      setSegField(
                        "languages",
                        e.target.checked ? [...seg.languages, l] : seg.languages.filter((x) => x !== l),
                      )
                    }
                  />
                  {l}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      )}

      {audience !== "member" && (
        <div className="toolbar">
          <label className="inline-check">
            <input
              type="checkbox"
              className="checkbox"
              checked={marketing}
              onChange={(e) => setMarketing(e.target.checked)}
              data-testid="composer-marketing"
            />
            Marketing (not shown to members whose marketing is stopped)
          </label>
          <button type="button" className="btn btn--sm" onClick={preview} data-testid="composer-preview">
            Count recipients
          </button>
          {count !== null && (
            <span className="toolbar-count" data-testid="composer-count" aria-live="polite">
              {count.toLocaleString("en")} member{count === 1 ? "" : "s"} now
            </span>
          )}
        </div>
      )}

      <div className="tabs" role="tablist" aria-label="Message language">
        {LangCodes.map((l) => (
          <button
            key={l}
            type="button"
            role="tab"
            className="tab"
            aria-selected={lang === l}
            onClick={() => setLang(l)}
            data-testid={`composer-lang-${l}`}
          >
            {LANG_NAMES[l]}
            {texts[l]?.title ? " ✓" : ""}
          </button>
        ))}
      </div>
      <label className="field">
        <span className="field-label">Title ({LANG_NAMES[lang]})</span>
        <input
          className="input"
          value={text.title}
          maxLength={MESSAGE_TITLE_MAX}
          onChange={(e) => setText("title", e.target.value)}
          data-testid="composer-title"
        />
      </label>
      <label className="field">
        <span className="field-label">Text ({LANG_NAMES[lang]})</span>
        <textarea
          className="textarea"
          rows={5}
          value={text.body}
          maxLength={MESSAGE_BODY_MAX}
          onChange={(e) => setText("body", e.target.value)}
          data-testid="composer-body"
        />
        <span className="field-hint">
          Plain text, shown as written. Members read their language, else English, else Filipino.
        </span>
      </label>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div>
        <button
          type="button"
          className="btn btn--primary"
          disabled={!canWrite || send.isPending}
          onClick={review}
          data-testid="composer-send"
        >
          Send…
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Send this message?"
          message={<p>It goes to {confirming.what}. A sent message cannot be taken back.</p>}
          confirmLabel="Send"
          tone="primary"
          busy={send.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
