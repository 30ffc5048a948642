import { manilaWallMoment } from "@panalo/contracts/manila-time";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { pesosText, pesosToAmount, readPesos, showPesos } from "../../lib/amounts.ts";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, t, useT } from "../../lib/i18n.ts";
import { useLoyaltyChange } from "./loyalty-api.ts";

/**
 * Missions and campaigns: the operator builds a mission from tasks (deposit at
 * least X, bet X on a category, N rounds of a game, N wins, N login days running, another
 * mission), its period and prize, optionally for a VIP level and up, inside a campaign whose
 * leaderboard pays its top places once at the end; edits one; reads a campaign's results.
 */
const TASK_TYPES = ["deposit", "bet", "rounds", "wins", "login_days", "mission"] as const;
type TaskType = (typeof TASK_TYPES)[number];
/** Each task's name in the catalogue, looked up when drawn (in the operator's language). */
const TASK_LABEL: Record<TaskType, TextKey> = {
  deposit: "missions.taskDeposit",
  bet: "missions.taskBet",
  rounds: "missions.taskRounds",
  wins: "missions.taskWins",
  login_days: "missions.taskLoginDays",
  mission: "missions.taskMission",
};
const PERIOD_LABEL: Record<Mission["period"], TextKey> = {
  daily: "missions.daily",
  weekly: "missions.weekly",
  once: "missions.once",
};
const PRIZE_LABEL: Record<Mission["prizeKind"], TextKey> = {
  points: "missions.prizePoints",
  cash: "missions.prizeCash",
  bonus: "missions.prizeBonus",
};
const MONEY_TASKS: readonly TaskType[] = ["deposit", "bet"];

const Task = z.object({
  type: z.enum(TASK_TYPES),
  target: z.number(),
  gameType: z.string().optional(),
  gameCode: z.string().optional(),
  missionId: z.number().optional(),
});
const Mission = z.object({
  id: z.number(),
  campaignId: z.number().nullable(),
  names: z.record(z.string(), z.string()),
  period: z.enum(["daily", "weekly", "once"]),
  tasks: z.array(Task),
  prizeKind: z.enum(["points", "cash", "bonus"]),
  prizeAmount: z.number(),
  bonusRuleId: z.number().nullable(),
  score: z.number(),
  minVipLevel: z.number(),
  enabled: z.boolean(),
  sort: z.number(),
});
type Mission = z.infer<typeof Mission>;
const Campaign = z.object({
  id: z.number(),
  names: z.record(z.string(), z.string()),
  starts_at: z.string(),
  ends_at: z.string(),
  prizes: z.array(z.object({ rank: z.number(), amount: z.string() })),
  settled_at: z.string().nullable(),
});
const Results = z.object({
  settledAt: z.string().nullable(),
  top: z.array(
    z.object({ rank: z.number(), name: z.string(), score: z.number(), prize: z.string().nullable() }),
  ),
});

const KEY = ["loyalty-admin", "missions"] as const;
const useMissions = () =>
  useQuery({
    queryKey: KEY,
    queryFn: () =>
      api.get("/loyalty/missions", z.object({ missions: z.array(Mission), campaigns: z.array(Campaign) })),
  });

/** "1,012.50" → 101250 (centavos), the shared reading of typed pesos (lib/amounts.ts). */
export function minorOf(text: string): number | null {
  const r = readPesos(text, { allowZero: true, maxMinor: 10n ** 14n });
  return r.ok ? Number(r.value) : null;
}
/** Centavos as the text a field is filled with: "1,012.50". */
const pesos = (minor: number) => pesosText(minor);

interface TaskDraft {
  type: TaskType;
  target: string;
  scope: string;
}
const emptyTask = (): TaskDraft => ({ type: "rounds", target: "1", scope: "" });

function taskBody(t: TaskDraft) {
  const target = MONEY_TASKS.includes(t.type) ? minorOf(t.target) : Number(t.target);
  const scope = t.scope.trim();
  if (t.type === "bet") return { type: t.type, target, ...(scope ? { gameType: scope } : {}) };
  if (t.type === "rounds") return { type: t.type, target, ...(scope ? { gameCode: scope } : {}) };
  if (t.type === "mission") return { type: t.type, target: 1, missionId: Number(scope) };
  return { type: t.type, target };
}
/** One task in words, in the current language (called while drawing). */
const describeTask = (task: z.infer<typeof Task>) => {
  const amount = MONEY_TASKS.includes(task.type) ? showPesos(task.target) : String(task.target);
  const scope = task.gameType ?? task.gameCode ?? (task.missionId ? `#${task.missionId}` : "");
  return `${t(TASK_LABEL[task.type])}: ${task.type === "mission" ? "" : amount}${scope ? ` (${scope})` : ""}`;
};

function MissionForm({
  canWrite,
  editing,
  onDone,
}: {
  canWrite: boolean;
  editing: Mission | null;
  onDone: () => void;
}) {
  const t = useT();
  const change = useLoyaltyChange(editing ? t("missions.saved") : t("missions.created"));
  const [name, setName] = useState(editing?.names.EN ?? "");
  const [period, setPeriod] = useState<Mission["period"]>(editing?.period ?? "daily");
  const [tasks, setTasks] = useState<TaskDraft[]>(
    editing?.tasks.map((t) => ({
      type: t.type,
      target: MONEY_TASKS.includes(t.type) ? pesos(t.target) : String(t.target),
      scope: t.gameType ?? t.gameCode ?? (t.missionId ? String(t.missionId) : ""),
    })) ?? [emptyTask()],
  );
  const [prizeKind, setPrizeKind] = useState<Mission["prizeKind"]>(editing?.prizeKind ?? "points");
  const [prize, setPrize] = useState(
    editing
      ? editing.prizeKind === "points"
        ? String(editing.prizeAmount)
        : pesos(editing.prizeAmount)
      : "100",
  );
  const [bonusRuleId, setBonusRuleId] = useState(editing?.bonusRuleId ? String(editing.bonusRuleId) : "");
  const [campaignId, setCampaignId] = useState(editing?.campaignId ? String(editing.campaignId) : "");
  const [minVipLevel, setMinVipLevel] = useState(String(editing?.minVipLevel ?? 0));
  const [score, setScore] = useState(String(editing?.score ?? 1));
  const [enabled, setEnabled] = useState(editing?.enabled ?? true);
  const setTask = (i: number, patch: Partial<TaskDraft>) =>
    setTasks((all) => all.map((t, j) => (j === i ? { ...t, ...patch } : t)));
  const prizeAmount = prizeKind === "points" ? Number(prize) : minorOf(prize);
  return (
    <form
      className="form-stack"
      data-testid="mission-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        change.mutate(
          {
            method: editing ? "PUT" : "POST",
            path: editing ? `/loyalty/missions/${editing.id}` : "/loyalty/missions",
            body: {
              campaignId: campaignId ? Number(campaignId) : null,
              names: { ...(editing?.names ?? {}), EN: name.trim() },
              period,
              tasks: tasks.map(taskBody),
              prizeKind,
              prizeAmount,
              bonusRuleId: prizeKind === "bonus" && bonusRuleId ? Number(bonusRuleId) : null,
              score: Number(score),
              minVipLevel: Number(minVipLevel),
              enabled,
              sort: editing?.sort ?? 0,
            },
          },
          { onSuccess: onDone },
        );
      }}
    >
      <div className="toolbar">
        <label>
          {t("missions.name")}{" "}
          <input value={name} onChange={(e) => setName(e.target.value)} disabled={!canWrite} required />
        </label>
        <label>
          {t("missions.period")}{" "}
          <select
            value={period}
            onChange={(e) => setPeriod(e.target.value as Mission["period"])}
            disabled={!canWrite}
          >
            <option value="daily">{t("missions.daily")}</option>
            <option value="weekly">{t("missions.weekly")}</option>
            <option value="once">{t("missions.once")}</option>
          </select>
        </label>
        <label>
          {t("missions.campaignId")}{" "}
          <input
            value={campaignId}
            inputMode="numeric"
            size={5}
            onChange={(e) => setCampaignId(e.target.value)}
            disabled={!canWrite}
          />
        </label>
        <label>
          {t("missions.vipAndUp")}{" "}
          <input
            value={minVipLevel}
            inputMode="numeric"
            size={3}
            onChange={(e) => setMinVipLevel(e.target.value)}
            disabled={!canWrite}
          />
        </label>
      </div>
      <fieldset className="form-stack">
        <legend>{t("missions.tasksLegend")}</legend>
        {tasks.map((task, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the drafts have no identity but their place
          <div className="toolbar" key={i} data-testid={`mission-task-${i}`}>
            <label>
              {t("missions.task")}{" "}
              <select
                value={task.type}
                onChange={(e) => setTask(i, { type: e.target.value as TaskType })}
                disabled={!canWrite}
              >
                {TASK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(TASK_LABEL[type])}
                  </option>
                ))}
              </select>
            </label>
            {task.type !== "mission" && (
              <label>
                {MONEY_TASKS.includes(task.type) ? t("missions.amount") : t("missions.count")}{" "}
                <input
                  value={task.target}
                  size={8}
                  onChange={(e) => setTask(i, { target: e.target.value })}
                  disabled={!canWrite}
                />
              </label>
            )}
            {(task.type === "bet" || task.type === "rounds" || task.type === "mission") && (
              <label>
                {task.type === "bet"
                  ? t("missions.category")
                  : task.type === "rounds"
                    ? t("missions.gameCode")
                    : t("missions.missionId")}{" "}
                <input
                  value={task.scope}
                  size={10}
                  onChange={(e) => setTask(i, { scope: e.target.value })}
                  disabled={!canWrite}
                />
              </label>
            )}
            {tasks.length > 1 && (
              <button
                type="button"
                className="btn btn--sm"
                onClick={() => setTasks((all) => all.filter((_, j) => j !== i))}
                disabled={!canWrite}
              >
                {t("missions.remove")}
              </button>
            )}
          </div>
        ))}
        {tasks.length < 5 && (
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => setTasks((all) => [...all, emptyTask()])}
            disabled={!canWrite}
          >
            {t("missions.addTask")}
          </button>
        )}
      </fieldset>
      <div className="toolbar">
        <label>
          {t("missions.prize")}{" "}
          <select
            value={prizeKind}
            onChange={(e) => setPrizeKind(e.target.value as Mission["prizeKind"])}
            disabled={!canWrite}
          >
            <option value="points">{t("missions.prizePoints")}</option>
            <option value="cash">{t("missions.prizeCash")}</option>
            <option value="bonus">{t("missions.prizeBonusWagering")}</option>
          </select>
        </label>
        <label>
          {prizeKind === "points" ? t("missions.points") : t("missions.amountPesos")}{" "}
          <input value={prize} size={8} onChange={(e) => setPrize(e.target.value)} disabled={!canWrite} />
        </label>
        {prizeKind === "bonus" && (
          <label>
            {t("missions.bonusRuleId")}{" "}
            <input
              value={bonusRuleId}
              size={5}
              onChange={(e) => setBonusRuleId(e.target.value)}
              disabled={!canWrite}
            />
          </label>
        )}
        <label>
          {t("missions.score")}{" "}
          <input value={score} size={4} onChange={(e) => setScore(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          <input
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            disabled={!canWrite}
          />{" "}
          {t("table.on")}
        </label>
        <button
          type="submit"
          className="btn btn--sm"
          disabled={!canWrite || !name.trim() || !prizeAmount || change.isPending}
          data-testid="mission-save"
        >
          {editing ? t("missions.save") : t("missions.create")}
        </button>
        {editing && (
          <button type="button" className="btn btn--sm" onClick={onDone}>
            {t("common.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}

function CampaignForm({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const change = useLoyaltyChange(t("missions.campaignCreated"));
  const [name, setName] = useState("");
  const [starts, setStarts] = useState("");
  const [ends, setEnds] = useState("");
  const [prizes, setPrizes] = useState("500.00, 200.00, 100.00");
  // Places separated by ";" or ", " (a comma right before digits groups thousands: "1,000.00").
  const list = prizes
    .split(/;|,\s+/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <form
      className="toolbar"
      data-testid="campaign-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        change.mutate({
          method: "POST",
          path: "/loyalty/campaigns",
          body: {
            names: { EN: name.trim() },
            // The inputs are Manila wall-clock times.
            startsAt: manilaWallMoment(starts).toISOString(),
            endsAt: manilaWallMoment(ends).toISOString(),
            prizes: list.map((amount, i) => ({ rank: i + 1, amount: pesosToAmount(amount) ?? amount })),
          },
        });
      }}
    >
      <label>
        {t("missions.campaign")}{" "}
        <input value={name} onChange={(e) => setName(e.target.value)} disabled={!canWrite} required />
      </label>
      <label>
        {t("missions.starts")}{" "}
        <input type="datetime-local" value={starts} onChange={(e) => setStarts(e.target.value)} required />
      </label>
      <label>
        {t("missions.ends")}{" "}
        <input type="datetime-local" value={ends} onChange={(e) => setEnds(e.target.value)} required />
      </label>
      <label>
        {t("missions.placePrizes")}{" "}
        <input value={prizes} onChange={(e) => setPrizes(e.target.value)} disabled={!canWrite} />
      </label>
      <button
        type="submit"
        className="btn btn--sm"
        disabled={!canWrite || !name.trim() || !starts || !ends || list.some((p) => minorOf(p) === null)}
      >
        {t("missions.createCampaign")}
      </button>
    </form>
  );
}

function CampaignResults({ id }: { id: number }) {
  const t = useT();
  const results = useQuery({
    queryKey: [...KEY, "results", id],
    queryFn: () => api.get(`/loyalty/campaigns/${id}/results`, Results),
  }).data;
  if (!results) return null;
  return (
    <div className="table-wrap" data-testid="campaign-results">
      <table className="table">
        <caption>
          {results.settledAt
            ? t("missions.paid", { at: formatDateTime(results.settledAt) })
            : t("missions.notSettled")}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t("missions.rank")}</th>
            <th scope="col">{t("missions.member")}</th>
            <th scope="col" className="num">
              {t("missions.scoreHead")}
            </th>
            <th scope="col" className="num">
              {t("missions.prize")}
            </th>
          </tr>
        </thead>
        <tbody>
          {results.top.map((r) => (
            <tr key={`${r.rank}-${r.name}`}>
              <td>{r.rank}</td>
              <td>{r.name}</td>
              <td className="num">{r.score}</td>
              <td className="num">{r.prize ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function MissionsSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const data = useMissions().data;
  const [editing, setEditing] = useState<Mission | null>(null);
  const [results, setResults] = useState<number | null>(null);
  return (
    <section className="panel form-stack" data-testid="loyalty-missions">
      <h2 className="subheading">{t("missions.title")}</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("loyalty.id")}</th>
              <th scope="col">{t("missions.mission")}</th>
              <th scope="col">{t("missions.period")}</th>
              <th scope="col">{t("missions.tasks")}</th>
              <th scope="col">{t("missions.prize")}</th>
              <th scope="col">{t("missions.vip")}</th>
              <th scope="col">{t("missions.campaign")}</th>
              <th scope="col">{t("table.on")}</th>
              <th scope="col">
                <span className="sr-only">{t("loyalty.edit")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.missions.map((m) => (
              <tr key={m.id} data-testid={`admin-mission-${m.id}`}>
                <td>{m.id}</td>
                <td>{m.names.EN ?? Object.values(m.names)[0] ?? ""}</td>
                <td>{t(PERIOD_LABEL[m.period])}</td>
                <td>{m.tasks.map(describeTask).join("; ")}</td>
                <td>
                  {m.prizeKind === "points"
                    ? t("missions.nPoints", { n: m.prizeAmount })
                    : `${showPesos(m.prizeAmount)} ${t(PRIZE_LABEL[m.prizeKind])}`}
                </td>
                <td>{m.minVipLevel > 0 ? `${m.minVipLevel}+` : t("loyalty.all")}</td>
                <td>{m.campaignId ?? "—"}</td>
                <td>{m.enabled ? t("loyalty.yes") : t("loyalty.no")}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn--sm"
                    onClick={() => setEditing(m)}
                    disabled={!canWrite}
                  >
                    {t("loyalty.edit")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MissionForm
        key={editing?.id ?? "new"}
        canWrite={canWrite}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      <h3 className="subheading">{t("missions.campaigns")}</h3>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("loyalty.id")}</th>
              <th scope="col">{t("missions.campaign")}</th>
              <th scope="col">{t("missions.runs")}</th>
              <th scope="col">{t("missions.topPrizes")}</th>
              <th scope="col">{t("missions.settled")}</th>
              <th scope="col">
                <span className="sr-only">{t("missions.results")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.campaigns.map((c) => (
              <tr key={c.id}>
                <td>{c.id}</td>
                <td>{c.names.EN ?? Object.values(c.names)[0] ?? ""}</td>
                <td>
                  {formatDateTime(c.starts_at)} → {formatDateTime(c.ends_at)}
                </td>
                <td>{c.prizes.map((p) => `#${p.rank} ${showPesos(Number(p.amount))}`).join(", ")}</td>
                <td>{c.settled_at ? t("loyalty.yes") : t("loyalty.no")}</td>
                <td>
                  <button type="button" className="btn btn--sm" onClick={() => setResults(c.id)}>
                    {t("missions.results")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {results !== null && <CampaignResults id={results} />}
      <CampaignForm canWrite={canWrite} />
    </section>
  );
}
