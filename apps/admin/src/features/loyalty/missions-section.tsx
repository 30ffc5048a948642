import { manilaWallMoment } from "@panalo/contracts/manila-time";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { pesosText, pesosToAmount, readPesos, showPesos } from "../../lib/amounts.ts";
import { api } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useLoyaltyChange } from "./loyalty-api.ts";

/**
 * Missions and campaigns: the operator builds a mission from tasks (deposit at
 * least X, bet X on a category, N rounds of a game, N wins, N login days running, another
 * mission), its period and prize, optionally for a VIP level and up, inside a campaign whose
 * leaderboard pays its top places once at the end; edits one; reads a campaign's results.
 */
const TASK_TYPES = ["deposit", "bet", "rounds", "wins", "login_days", "mission"] as const;
type TaskType = (typeof TASK_TYPES)[number];
const TASK_LABEL: Record<TaskType, string> = {
  deposit: "Deposit at least (₱)",
  bet: "Bet (₱) on a category",
  rounds: "Play N rounds (of a game)",
  wins: "Win N times",
  login_days: "Log in N days running",
  mission: "Complete another mission",
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
const describeTask = (t: z.infer<typeof Task>) => {
  const amount = MONEY_TASKS.includes(t.type) ? showPesos(t.target) : String(t.target);
  const scope = t.gameType ?? t.gameCode ?? (t.missionId ? `#${t.missionId}` : "");
  return `${TASK_LABEL[t.type]}: ${t.type === "mission" ? "" : amount}${scope ? ` (${scope})` : ""}`;
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
  const change = useLoyaltyChange(editing ? "Mission saved." : "Mission created.");
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
          Name <input value={name} onChange={(e) => setName(e.target.value)} disabled={!canWrite} required />
        </label>
        <label>
          Period{" "}
          <select
            value={period}
            onChange={(e) => setPeriod(e.target.value as Mission["period"])}
            disabled={!canWrite}
          >
            <option value="daily">daily</option>
            <option value="weekly">weekly</option>
            <option value="once">once</option>
          </select>
        </label>
        <label>
          Campaign id{" "}
          <input
            value={campaignId}
            inputMode="numeric"
            size={5}
            onChange={(e) => setCampaignId(e.target.value)}
            disabled={!canWrite}
          />
        </label>
        <label>
          VIP level and up{" "}
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
        <legend>Tasks (all must be met)</legend>
        {tasks.map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the drafts have no identity but their place
          <div className="toolbar" key={i} data-testid={`mission-task-${i}`}>
            <label>
              Task{" "}
              <select
                value={t.type}
                onChange={(e) => setTask(i, { type: e.target.value as TaskType })}
                disabled={!canWrite}
              >
                {TASK_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {TASK_LABEL[type]}
                  </option>
                ))}
              </select>
            </label>
            {t.type !== "mission" && (
              <label>
                {MONEY_TASKS.includes(t.type) ? "Amount" : "Count"}{" "}
                <input
                  value={t.target}
                  size={8}
                  onChange={(e) => setTask(i, { target: e.target.value })}
                  disabled={!canWrite}
                />
              </label>
            )}
            {(t.type === "bet" || t.type === "rounds" || t.type === "mission") && (
              <label>
                {t.type === "bet" ? "Category (e.g. RNG)" : t.type === "rounds" ? "Game code" : "Mission id"}{" "}
                <input
                  value={t.scope}
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
                Remove
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
            Add a task
          </button>
        )}
      </fieldset>
      <div className="toolbar">
        <label>
          Prize{" "}
          <select
            value={prizeKind}
            onChange={(e) => setPrizeKind(e.target.value as Mission["prizeKind"])}
            disabled={!canWrite}
          >
            <option value="points">points</option>
            <option value="cash">cash</option>
            <option value="bonus">bonus (wagering)</option>
          </select>
        </label>
        <label>
          {prizeKind === "points" ? "Points" : "Amount (₱)"}{" "}
          <input value={prize} size={8} onChange={(e) => setPrize(e.target.value)} disabled={!canWrite} />
        </label>
        {prizeKind === "bonus" && (
          <label>
            Bonus rule id{" "}
            <input
              value={bonusRuleId}
              size={5}
              onChange={(e) => setBonusRuleId(e.target.value)}
              disabled={!canWrite}
            />
          </label>
        )}
        <label>
          Leaderboard score{" "}
          <input value={score} size={4} onChange={(e) => setScore(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          <input
            type="checkbox"
            checked={enabled}
            onChange={(e) => setEnabled(e.target.checked)}
            disabled={!canWrite}
          />{" "}
          On
        </label>
        <button
          type="submit"
          className="btn btn--sm"
          disabled={!canWrite || !name.trim() || !prizeAmount || change.isPending}
          data-testid="mission-save"
        >
          {editing ? "Save mission" : "Create mission"}
        </button>
        {editing && (
          <button type="button" className="btn btn--sm" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function CampaignForm({ canWrite }: { canWrite: boolean }) {
  const change = useLoyaltyChange("Campaign created.");
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
        Campaign{" "}
        <input value={name} onChange={(e) => setName(e.target.value)} disabled={!canWrite} required />
      </label>
      <label>
        Starts (PHT){" "}
        <input type="datetime-local" value={starts} onChange={(e) => setStarts(e.target.value)} required />
      </label>
      <label>
        Ends (PHT){" "}
        <input type="datetime-local" value={ends} onChange={(e) => setEnds(e.target.value)} required />
      </label>
      <label>
        Prizes for places 1, 2, … (₱){" "}
        <input value={prizes} onChange={(e) => setPrizes(e.target.value)} disabled={!canWrite} />
      </label>
      <button
        type="submit"
        className="btn btn--sm"
        disabled={!canWrite || !name.trim() || !starts || !ends || list.some((p) => minorOf(p) === null)}
      >
        Create campaign
      </button>
    </form>
  );
}

function CampaignResults({ id }: { id: number }) {
  const results = useQuery({
    queryKey: [...KEY, "results", id],
    queryFn: () => api.get(`/loyalty/campaigns/${id}/results`, Results),
  }).data;
  if (!results) return null;
  return (
    <div className="table-wrap" data-testid="campaign-results">
      <table className="table">
        <caption>
          {results.settledAt ? `Prizes paid ${formatDateTime(results.settledAt)}` : "Not settled yet"}
        </caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Member</th>
            <th scope="col" className="num">
              Score
            </th>
            <th scope="col" className="num">
              Prize
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
  const data = useMissions().data;
  const [editing, setEditing] = useState<Mission | null>(null);
  const [results, setResults] = useState<number | null>(null);
  return (
    <section className="panel form-stack" data-testid="loyalty-missions">
      <h2 className="subheading">Missions and campaigns</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Mission</th>
              <th scope="col">Period</th>
              <th scope="col">Tasks</th>
              <th scope="col">Prize</th>
              <th scope="col">VIP</th>
              <th scope="col">Campaign</th>
              <th scope="col">On</th>
              <th scope="col">
                <span className="sr-only">Edit</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data?.missions.map((m) => (
              <tr key={m.id} data-testid={`admin-mission-${m.id}`}>
                <td>{m.id}</td>
                <td>{m.names.EN ?? Object.values(m.names)[0] ?? ""}</td>
                <td>{m.period}</td>
                <td>{m.tasks.map(describeTask).join("; ")}</td>
                <td>
                  {m.prizeKind === "points"
                    ? `${m.prizeAmount} points`
                    : `${showPesos(m.prizeAmount)} ${m.prizeKind}`}
                </td>
                <td>{m.minVipLevel > 0 ? `${m.minVipLevel}+` : "all"}</td>
                <td>{m.campaignId ?? "—"}</td>
                <td>{m.enabled ? "yes" : "no"}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn--sm"
                    onClick={() => setEditing(m)}
                    disabled={!canWrite}
                  >
                    Edit
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
      <h3 className="subheading">Campaigns</h3>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Campaign</th>
              <th scope="col">Runs</th>
              <th scope="col">Top-place prizes (₱)</th>
              <th scope="col">Settled</th>
              <th scope="col">
                <span className="sr-only">Results</span>
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
                <td>{c.settled_at ? "yes" : "no"}</td>
                <td>
                  <button type="button" className="btn btn--sm" onClick={() => setResults(c.id)}>
                    Results
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
