import {
  type AdminLotteryGame,
  AdminLotteryGameUpdate,
  type LotterySchedule,
} from "@panalo/contracts/lottery";
import { type FormEvent, useId, useState } from "react";
import { MoneyInput } from "../../components/amount-fields.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { amountText, amountToMinor, pesosToAmount } from "../../lib/amounts.ts";
import { ApiError, errorMessage } from "../../lib/api.ts";
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { type TextKey, t as tr, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { useUpdateLotteryGame } from "./lottery-api.ts";

/** Sunday first, as the schedule numbers them (0 = Sunday). */
export const WEEKDAYS: readonly TextKey[] = [
  "lottery.editor.sun",
  "lottery.editor.mon",
  "lottery.editor.tue",
  "lottery.editor.wed",
  "lottery.editor.thu",
  "lottery.editor.fri",
  "lottery.editor.sat",
];
const MATCH_KEYS = ["6", "5", "4", "3"] as const;
/** A time of day as the schedule takes it, written the same in every language. */
const TIME_FORMAT = "HH:MM";

/** The schedule in words: "daily 14:00, 17:00, 21:00", "Tue Thu Sat 21:00", "every 1 min". */
export function scheduleText(s: LotterySchedule): string {
  if (s.kind === "daily") return tr("lottery.editor.daily", { times: s.times.join(", ") });
  if (s.kind === "weekly")
    return `${s.weekdays.map((d) => tr(WEEKDAYS[d] ?? "lottery.editor.sun")).join(" ")} ${s.time}`;
  return tr("lottery.editor.every", { n: s.minutes });
}

interface FormState {
  name: string;
  enabled: boolean;
  cancelAllowed: boolean;
  kind: LotterySchedule["kind"];
  times: string;
  weekdays: number[];
  time: string;
  minutes: string;
  cutoffSeconds: string;
  straight: string;
  matches: Record<string, string>;
  minStake: string;
  maxStake: string;
  liabilityLimit: string;
  sortOrder: string;
}

function toForm(g: AdminLotteryGame): FormState {
  const s = g.schedule;
  return {
    name: g.name,
    enabled: g.enabled,
    cancelAllowed: g.cancelAllowed,
    kind: s.kind,
    times: s.kind === "daily" ? s.times.join(", ") : "14:00, 17:00, 21:00",
    weekdays: s.kind === "weekly" ? s.weekdays : [1, 3, 5],
    time: s.kind === "weekly" ? s.time : "21:00",
    minutes: s.kind === "every" ? String(s.minutes) : "5",
    cutoffSeconds: String(g.cutoffSeconds),
    straight: String(g.prizeTable.straight ?? ""),
    matches: Object.fromEntries(MATCH_KEYS.map((k) => [k, String(g.prizeTable.matches?.[k] ?? "")])),
    minStake: amountText(g.minStake),
    maxStake: amountText(g.maxStake),
    liabilityLimit: amountText(g.liabilityLimit),
    sortOrder: String(g.sortOrder),
  };
}

const int = (text: string): number => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

function toUpdate(code: string, f: FormState, digits: boolean): unknown {
  const schedule =
    f.kind === "daily"
      ? { kind: "daily", times: f.times.split(/[\s,]+/).filter(Boolean) }
      : f.kind === "weekly"
        ? { kind: "weekly", weekdays: [...f.weekdays].sort(), time: f.time.trim() }
        : { kind: "every", minutes: int(f.minutes) };
  const matches = Object.fromEntries(
    MATCH_KEYS.filter((k) => (f.matches[k] ?? "").trim() !== "").map((k) => [k, int(f.matches[k] ?? "")]),
  );
  return {
    code,
    name: f.name,
    enabled: f.enabled,
    cancelAllowed: f.cancelAllowed,
    schedule,
    cutoffSeconds: int(f.cutoffSeconds),
    prizeTable: digits ? { straight: int(f.straight) } : { matches },
    minStake: pesosToAmount(f.minStake) ?? f.minStake.trim(),
    maxStake: pesosToAmount(f.maxStake) ?? f.maxStake.trim(),
    liabilityLimit: pesosToAmount(f.liabilityLimit) ?? f.liabilityLimit.trim(),
    sortOrder: int(f.sortOrder),
  };
}

/** Edit a game: schedule, cut-off, prize table, stake and liability limits, cancel, enabled. */
export function GameEditor({
  game,
  readOnly,
  onClose,
}: {
  game: AdminLotteryGame;
  readOnly: boolean;
  onClose: () => void;
}) {
  const formId = useId();
  const digits = game.prizeTable.straight !== undefined;
  const t = useT();
  const [form, setForm] = useState(() => toForm(game));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useUpdateLotteryGame();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = AdminLotteryGameUpdate.safeParse(toUpdate(game.code, form, digits));
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message])));
      setFormError(t("lottery.editor.checkFields"));
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t("lottery.editor.saved", { name: game.name }));
        onClose();
      },
      onError: (err) => {
        if (err instanceof ApiError && err.details.length) {
          setErrors(Object.fromEntries(err.details.map((d) => [d.path, d.message])));
        }
        setFormError(errorMessage(err));
      },
    });
  };

  const err = (path: string) =>
    errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];
  const field = (
    path: string,
    label: string,
    value: string,
    onChange: (v: string) => void,
    hint?: string,
  ) => (
    <div className="field">
      <label className="field-label" htmlFor={`${formId}-${path}`}>
        {label}
      </label>
      <input
        id={`${formId}-${path}`}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={err(path) ? true : undefined}
        data-testid={`lottery-field-${path}`}
      />
      {hint && <p className="field-hint">{hint}</p>}
      {err(path) && <p className="field-error">{err(path)}</p>}
    </div>
  );

  return (
    <Dialog
      title={t("lottery.editor.title", { name: game.name })}
      size="lg"
      onClose={onClose}
      busy={save.isPending}
      testId="lottery-game-editor"
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={save.isPending}>
            {readOnly ? t("common.close") : t("common.cancel")}
          </button>
          {!readOnly && (
            <button
              type="submit"
              form={formId}
              className="btn btn--primary"
              disabled={save.isPending}
              data-testid="lottery-game-save"
            >
              {save.isPending ? t("common.saving") : t("common.save")}
            </button>
          )}
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="form-stack">
        {formError && (
          <p className="alert alert--warn" role="alert" data-testid="lottery-game-error">
            {formError}
          </p>
        )}
        <fieldset disabled={readOnly} className="plain-fieldset form-stack">
          <div className="form-grid form-grid--3">
            {field("name", t("lottery.editor.name"), form.name, (v) => set("name", v))}
            {field(
              "sortOrder",
              t("lottery.editor.sortOrder"),
              form.sortOrder,
              (v) => set("sortOrder", v),
              t("lottery.editor.sortOrderHint"),
            )}
            <div className="field">
              <span className="field-label">{t("lottery.editor.code")}</span>
              <p>
                <code className="code-tag">{game.code}</code> · {gameCategoryLabel(game.gameType)} ·{" "}
                {t("lottery.editor.tag", { tag: game.tag })}
              </p>
            </div>
          </div>
          <div className="form-grid form-grid--2">
            <label className="inline-check">
              <input
                type="checkbox"
                checked={form.enabled}
                onChange={(e) => set("enabled", e.target.checked)}
                data-testid="lottery-field-enabled"
              />{" "}
              {t("lottery.editor.enabled")}
            </label>
            <label className="inline-check">
              <input
                type="checkbox"
                checked={form.cancelAllowed}
                onChange={(e) => set("cancelAllowed", e.target.checked)}
                data-testid="lottery-field-cancelAllowed"
              />{" "}
              {t("lottery.editor.cancel")}
            </label>
          </div>
          <h3 className="subheading">{t("lottery.editor.schedule")}</h3>
          <div className="form-grid form-grid--3">
            <div className="field">
              <label className="field-label" htmlFor={`${formId}-kind`}>
                {t("lottery.editor.draws")}
              </label>
              <select
                id={`${formId}-kind`}
                className="select"
                value={form.kind}
                onChange={(e) => set("kind", e.target.value as FormState["kind"])}
              >
                <option value="daily">{t("lottery.editor.kindDaily")}</option>
                <option value="weekly">{t("lottery.editor.kindWeekly")}</option>
                <option value="every">{t("lottery.editor.kindEvery")}</option>
              </select>
            </div>
            {form.kind === "daily" &&
              field(
                "schedule",
                t("lottery.editor.times"),
                form.times,
                (v) => set("times", v),
                t("lottery.editor.timesHint"),
              )}
            {form.kind === "weekly" &&
              field("schedule", t("lottery.editor.time"), form.time, (v) => set("time", v), TIME_FORMAT)}
            {form.kind === "every" &&
              field("schedule", t("lottery.editor.minutes"), form.minutes, (v) => set("minutes", v))}
            {field(
              "cutoffSeconds",
              t("lottery.editor.cutoff"),
              form.cutoffSeconds,
              (v) => set("cutoffSeconds", v),
              t("lottery.editor.cutoffHint"),
            )}
          </div>
          {form.kind === "weekly" && (
            <fieldset className="plain-fieldset">
              <legend className="field-label">{t("lottery.editor.weekdays")}</legend>
              {WEEKDAYS.map((d, i) => (
                <label key={d} className="inline-check">
                  <input
                    type="checkbox"
                    checked={form.weekdays.includes(i)}
                    onChange={(e) =>
                      set(
                        "weekdays",
                        e.target.checked ? [...form.weekdays, i] : form.weekdays.filter((w) => w !== i),
                      )
                    }
                  />{" "}
                  {t(d)}
                </label>
              ))}
            </fieldset>
          )}
          <h3 className="subheading">{t("lottery.editor.prizeTable")}</h3>
          {digits ? (
            <div className="form-grid form-grid--3">
              {field(
                "prizeTable.straight",
                t("lottery.editor.straight"),
                form.straight,
                (v) => set("straight", v),
                t("lottery.editor.straightHint"),
              )}
            </div>
          ) : (
            <div className="form-grid form-grid--4">
              {MATCH_KEYS.map((k) =>
                field(
                  `prizeTable.matches.${k}`,
                  t("lottery.editor.match", { n: k }),
                  form.matches[k] ?? "",
                  (v) => set("matches", { ...form.matches, [k]: v }),
                ),
              )}
            </div>
          )}
          <h3 className="subheading">{t("lottery.limits")}</h3>
          <div className="form-grid form-grid--3">
            {(
              [
                ["minStake", t("lottery.minStake")],
                ["maxStake", t("lottery.maxStake")],
                ["liabilityLimit", t("lottery.liabilityLimit")],
              ] as const
            ).map(([k, label]) => (
              <MoneyInput
                key={k}
                label={label}
                hint={k === "liabilityLimit" ? t("lottery.liabilityHint") : undefined}
                value={form[k]}
                onChange={(v) => set(k, v)}
                saved={amountToMinor(game[k])}
                testId={`lottery-field-${k}`}
              />
            ))}
          </div>
        </fieldset>
      </form>
    </Dialog>
  );
}
