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
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { previewCount, useSendMessage } from "./messages-api.ts";

type Lang = (typeof LangCodes)[number];
type Audience = "member" | "segment" | "everyone";
/** Each site language's name in the catalogue (looked up when drawn). */
export const LANG_NAMES: Record<Lang, TextKey> = {
  TY: "composer.langTY",
  EN: "composer.langEN",
  CN: "composer.langCN",
  VI: "composer.langVI",
  TH: "composer.langTH",
  ID: "composer.langID",
  JA: "composer.langJA",
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
  const t = useT();
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
      setProblem(
        t("composer.check", {
          field: issue?.path.join(".") || t("composer.theMessage"),
          problem: issue?.message ?? t("composer.notValid"),
        }),
      );
      return;
    }
    let what = t("composer.theMember", { name: username });
    if (audience !== "member") {
      try {
        const out = await previewCount(
          audience === "segment" ? { audience, segment: segmentOf(seg) } : { audience: "everyone" },
        );
        setCount(out.count);
        const n = out.count.toLocaleString("en");
        what = out.count === 1 ? t("composer.nMember", { n }) : t("composer.nMembers", { n });
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
        toast.success(t("composer.sent", { n: out.recipients.toLocaleString("en") }));
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
        {t("composer.title")}
      </h2>
      <fieldset className="plain-fieldset">
        <legend className="field-label">{t("composer.sendTo")}</legend>
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
              {a === "member"
                ? t("composer.oneMember")
                : a === "segment"
                  ? t("composer.aSegment")
                  : t("composer.everyone")}
            </label>
          ))}
        </div>
      </fieldset>

      {audience === "member" && (
        <label className="field">
          <span className="field-label">{t("composer.username")}</span>
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
            <span className="field-label">{t("composer.accountType")}</span>
            <select
              className="select"
              value={seg.accountType}
              onChange={(e) => setSegField("accountType", e.target.value as SegmentForm["accountType"])}
              data-testid="segment-account-type"
            >
              <option value="any">{t("composer.playersAndAgents")}</option>
              <option value="player">{t("composer.players")}</option>
              <option value="agent">{t("composer.agents")}</option>
            </select>
          </label>
          <label className="field">
            <span className="field-label">{t("composer.registeredFrom")}</span>
            <input
              className="input"
              type="date"
              value={seg.registeredFrom}
              onChange={(e) => setSegField("registeredFrom", e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">{t("composer.registeredTo")}</span>
            <input
              className="input"
              type="date"
              value={seg.registeredTo}
              onChange={(e) => setSegField("registeredTo", e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field-label">{t("composer.depositedWithin")}</span>
            <input
              className="input"
              inputMode="numeric"
              value={seg.depositedWithinDays}
              onChange={(e) => setSegField("depositedWithinDays", e.target.value.replace(/\D/g, ""))}
            />
          </label>
          <label className="field">
            <span className="field-label">{t("composer.underAgent")}</span>
            <input
              className="input"
              inputMode="numeric"
              value={seg.underAgentId}
              onChange={(e) => setSegField("underAgentId", e.target.value.replace(/\D/g, ""))}
            />
          </label>
          <label className="field">
            <span className="field-label">{t("composer.vipLevels")}</span>
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
            {t("composer.neverDeposited")}
          </label>
          <fieldset className="plain-fieldset segment-langs">
            <legend className="field-label">{t("composer.memberLanguage")}</legend>
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
            {t("composer.marketing")}
          </label>
          <button type="button" className="btn btn--sm" onClick={preview} data-testid="composer-preview">
            {t("composer.count")}
          </button>
          {count !== null && (
            <span className="toolbar-count" data-testid="composer-count" aria-live="polite">
              {count === 1
                ? t("composer.nMemberNow", { n: count.toLocaleString("en") })
                : t("composer.nMembersNow", { n: count.toLocaleString("en") })}
            </span>
          )}
        </div>
      )}

      <div className="tabs" role="tablist" aria-label={t("composer.messageLanguage")}>
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
            {t(LANG_NAMES[l])}
            {texts[l]?.title ? " ✓" : ""}
          </button>
        ))}
      </div>
      <label className="field">
        <span className="field-label">{t("composer.titleIn", { lang: t(LANG_NAMES[lang]) })}</span>
        <input
          className="input"
          value={text.title}
          maxLength={MESSAGE_TITLE_MAX}
          onChange={(e) => setText("title", e.target.value)}
          data-testid="composer-title"
        />
      </label>
      <label className="field">
        <span className="field-label">{t("composer.textIn", { lang: t(LANG_NAMES[lang]) })}</span>
        <textarea
          className="textarea"
          rows={5}
          value={text.body}
          maxLength={MESSAGE_BODY_MAX}
          onChange={(e) => setText("body", e.target.value)}
          data-testid="composer-body"
        />
        <span className="field-hint">{t("composer.textHint")}</span>
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
          {t("composer.sendEllipsis")}
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={t("composer.confirmTitle")}
          message={<p>{t("composer.confirmText", { what: confirming.what })}</p>}
          confirmLabel={t("composer.send")}
          tone="primary"
          busy={send.isPending}
          onConfirm={confirm}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
