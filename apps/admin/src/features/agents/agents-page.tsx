import { TeamOverviewValue } from "@panalo/contracts/agents";
import { manilaDay } from "@panalo/contracts/manila-time";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { z } from "zod";
import { PageHeader } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api, errorMessage } from "../../lib/api.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { money } from "../finance/money.ts";
import {
  pickByUsername,
  suggestionsFor,
  UsernamePicker,
  useUsernameSuggestions,
} from "./username-picker.tsx";

const TreeRow = z.object({
  id: z.number(),
  username: z.string(),
  isAgent: z.number(),
  status: z.string(),
  uplineId: z.number().nullable(),
  uplineName: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  depth: z.number(),
  direct: z.number(),
  teamSize: z.number(),
  balance: z.string(),
  currency: z.string(),
  createdAt: z.string(),
});
type TreeRow = z.infer<typeof TreeRow>;
const TreeValue = z.object({
  items: z.array(TreeRow),
  total: z.number(),
  path: z.array(z.object({ id: z.number(), username: z.string() })),
});
const TYPE: Record<number, TextKey> = {
  0: "agents.type.member",
  1: "agents.type.general",
  2: "agents.type.agent",
  41: "agents.type.affiliate",
  42: "agents.type.affiliateAgent",
};
const manila = (msAgo: number) => manilaDay(Date.now() - msAgo);

/**
 * Agents: create a top agent, search and drill down the tree, move a
 * member under another upline (audited), an agent's team figures, and CSV of each table.
 */
const TREE_COLUMNS = 9;

export function AgentsPage() {
  const t = useT();
  const client = useQueryClient();
  const searchId = useId();
  const [q, setQ] = useState("");
  const [parent, setParent] = useState<number | null>(null);
  const [selected, setSelected] = useState<TreeRow | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const params = new URLSearchParams();
  if (parent) params.set("parent", String(parent));
  else if (q) params.set("q", q);
  const tree = useQuery({
    queryKey: ["agents", "tree", params.toString()],
    queryFn: () => api.get(`/agents/tree?${params}`, TreeValue),
    placeholderData: keepPreviousData,
  });

  const create = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const form = e.currentTarget;
    try {
      const made = await api.post(
        "/agents",
        {
          username: String(f.get("username")),
          password: String(f.get("password") || "") || undefined,
          isAgent: Number(f.get("isAgent")),
        },
        z.object({ username: z.string(), affiliateCode: z.string().nullable() }),
      );
      setMessage(t("agents.created", { name: made.username, code: made.affiliateCode ?? "" }));
      form.reset();
      await client.invalidateQueries({ queryKey: ["agents"] });
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };

  return (
    <>
      <PageHeader title={t("agents.title")} description={t("agents.description")} />
      {message && (
        <p className="alert" role="status" data-testid="agents-message">
          {message}
        </p>
      )}
      <section className="panel section" aria-labelledby="agent-create-heading">
        <h2 id="agent-create-heading" className="subheading">
          {t("agents.createHeading")}
        </h2>
        <form onSubmit={(e) => void create(e)} data-testid="agent-create">
          <div className="form-grid form-grid--3">
            <label className="field">
              <span className="field-label">{t("agents.username")}</span>
              <input name="username" className="input" required data-testid="agent-create-username" />
            </label>
            <label className="field">
              <span className="field-label">{t("agents.password")}</span>
              <input
                name="password"
                type="password"
                className="input"
                autoComplete="new-password"
                data-testid="agent-create-password"
              />
              <span className="field-hint">{t("agents.passwordHint")}</span>
            </label>
            <label className="field">
              <span className="field-label">{t("agents.type")}</span>
              <select
                name="isAgent"
                className="input select"
                defaultValue="1"
                data-testid="agent-create-type"
              >
                {[1, 2, 41, 42].map((v) => (
                  <option key={v} value={v}>
                    {TYPE[v] ? t(TYPE[v]) : v}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <button type="submit" className="btn btn--primary" data-testid="agent-create-submit">
            {t("agents.createSubmit")}
          </button>
        </form>
      </section>
      <search className="toolbar">
        <label htmlFor={searchId} className="toolbar-label">
          {t("agents.search")}
        </label>
        <input
          id={searchId}
          type="search"
          className="input input--search"
          autoComplete="off"
          spellCheck={false}
          placeholder={t("agents.searchHint")}
          value={q}
          maxLength={40}
          onChange={(e) => {
            setQ(e.target.value.trim());
            setParent(null);
          }}
          data-testid="agents-search"
        />
        <span className="toolbar-count" aria-live="polite">
          {tree.data
            ? t(tree.data.total === 1 ? "agents.countOne" : "agents.countMany", { n: tree.data.total })
            : ""}
        </span>
        <a
          className="btn btn--sm"
          href={`/api/admin/agents/tree?${params}&format=csv`}
          download
          data-testid="agents-csv"
        >
          {t("list.exportCsv")}
        </a>
      </search>
      <nav className="breadcrumb" aria-label={t("agents.path")}>
        <button type="button" className="link-button" onClick={() => setParent(null)}>
          {t("agents.topAgents")}
        </button>
        {tree.data?.path.map((p) => (
          <span key={p.id}>
            {" › "}
            <button type="button" className="link-button" onClick={() => setParent(p.id)}>
              {p.username}
            </button>
          </span>
        ))}
      </nav>
      <div className="table-wrap">
        <table className="table" aria-busy={tree.isFetching} data-testid="agents-tree">
          <thead>
            <tr>
              <th scope="col">{t("agents.username")}</th>
              <th scope="col">{t("agents.type")}</th>
              <th scope="col">{t("agents.upline")}</th>
              <th scope="col">{t("agents.code")}</th>
              <th scope="col" className="num">
                {t("agents.depth")}
              </th>
              <th scope="col" className="num">
                {t("agents.direct")}
              </th>
              <th scope="col" className="num">
                {t("agents.team")}
              </th>
              <th scope="col" className="num">
                {t("agents.balance")}
              </th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("agents.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tree.isPending && <SkeletonRows columns={TREE_COLUMNS} />}
            {tree.isError && !tree.data && <ErrorRow columns={TREE_COLUMNS} onRetry={() => tree.refetch()} />}
            {tree.data?.items.length === 0 && (
              <EmptyRow columns={TREE_COLUMNS} title={q ? t("agents.noMatch", { q }) : t("agents.none")} />
            )}
            {tree.data?.items.map((r) => (
              <tr key={r.id} data-testid={`agents-row-${r.username}`}>
                <td>
                  {r.direct > 0 ? (
                    <button type="button" className="link-button" onClick={() => setParent(r.id)}>
                      {r.username}
                    </button>
                  ) : (
                    r.username
                  )}
                </td>
                <td>{TYPE[r.isAgent] ? t(TYPE[r.isAgent] as TextKey) : r.isAgent}</td>
                <td>{r.uplineName ?? <span className="muted">—</span>}</td>
                <td>{r.affiliateCode ?? <span className="muted">—</span>}</td>
                <td className="num">{r.depth}</td>
                <td className="num">{r.direct}</td>
                <td className="num">{r.teamSize}</td>
                <td className="num cell-nowrap">{money(r.balance, r.currency)}</td>
                <td className="actions">
                  <button type="button" className="btn btn--sm" onClick={() => setSelected(r)}>
                    {t("agents.select")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoveForm selected={selected} onMessage={setMessage} />
      {selected && (
        <section className="section" aria-labelledby="agent-selected-heading" data-testid="agent-selected">
          <div className="section-header">
            <h2 id="agent-selected-heading">{t("agents.teamOf", { name: selected.username })}</h2>
          </div>
          <TeamFigures id={selected.id} />
        </section>
      )}
    </>
  );
}

function TeamFigures({ id }: { id: number }) {
  const t = useT();
  const [range, setRange] = useState({ startDate: manila(6 * 86_400_000), endDate: manila(0) });
  const query = new URLSearchParams(range).toString();
  const team = useQuery({
    queryKey: ["agents", "team", id, query],
    queryFn: () => api.get(`/agents/${id}/team?${query}`, TeamOverviewValue),
  });
  const d = team.data;
  return (
    <div>
      <div className="toolbar">
        <label className="toolbar-label" htmlFor={`${id}-team-from`}>
          {t("list.from")}
        </label>
        <input
          id={`${id}-team-from`}
          type="date"
          className="input input--auto"
          value={range.startDate}
          onChange={(e) => setRange({ ...range, startDate: e.target.value })}
        />
        <label className="toolbar-label" htmlFor={`${id}-team-to`}>
          {t("list.to")}
        </label>
        <input
          id={`${id}-team-to`}
          type="date"
          className="input input--auto"
          value={range.endDate}
          onChange={(e) => setRange({ ...range, endDate: e.target.value })}
        />
        <a className="btn btn--sm" href={`/api/admin/agents/${id}/team?${query}&format=csv`} download>
          {t("list.exportCsv")}
        </a>
      </div>
      {team.isError && (
        <p className="alert alert--warn" role="alert">
          {errorMessage(team.error)}
        </p>
      )}
      {d && (
        <dl className="detail-list" data-testid="agent-team-figures">
          {(
            [
              ["agents.fig.teamSize", d.teamSize],
              ["agents.fig.newMembers", d.newMembers],
              ["agents.fig.activeMembers", d.activeMembers],
              ["agents.fig.deposits", d.deposits],
              ["agents.fig.withdrawals", d.withdrawals],
              ["agents.fig.bets", d.bets],
              ["agents.fig.validBets", d.validBets],
              ["agents.fig.wins", d.wins],
              ["agents.fig.profitLoss", d.profitLoss],
            ] as const
          ).map(([label, value]) => (
            <div className="detail-item" key={label}>
              <dt>{t(label)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/**
 * Move a member (with its whole tree) under another upline, both found by username: the member
 * from any username, the upline among agents; an empty upline makes the member a top one.
 */
function MoveForm({ selected, onMessage }: { selected: TreeRow | null; onMessage: (m: string) => void }) {
  const t = useT();
  const client = useQueryClient();
  const [member, setMember] = useState(selected?.username ?? "");
  const [upline, setUpline] = useState("");
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  // Selecting a row in the tree fills the member box.
  const [shown, setShown] = useState(selected);
  if (selected !== shown) {
    setShown(selected);
    if (selected) setMember(selected.username);
  }
  const memberSuggestions = useUsernameSuggestions(member, false);
  const uplineSuggestions = useUsernameSuggestions(upline, true);

  const find = async (typed: string, agentsOnly: boolean) => {
    const { items } = await api.get(
      `/agents/tree?q=${encodeURIComponent(typed.trim())}&pageSize=1`,
      z.object({ items: z.array(z.object({ id: z.number(), username: z.string(), isAgent: z.number() })) }),
    );
    return pickByUsername(suggestionsFor(items, agentsOnly), typed);
  };

  const move = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    try {
      const who = await find(member, false);
      if (!who) return onMessage(t("agents.noMember", { name: member.trim() }));
      const to = upline.trim() ? await find(upline, true) : null;
      if (upline.trim() && !to) return onMessage(t("agents.noAgent", { name: upline.trim() }));
      const moved = await api.post(
        `/agents/${who.id}/move`,
        { uplineId: to?.id ?? null, reason },
        z.object({ id: z.number(), endedContracts: z.array(z.number()) }),
      );
      const ended = moved.endedContracts.length;
      const where = to ? t("agents.under", { name: to.username }) : t("agents.toTop");
      onMessage(
        ended > 0
          ? t("agents.movedEnded", { name: who.username, where, n: ended })
          : t("agents.moved", { name: who.username, where }),
      );
      setUpline("");
      setReason("");
      await client.invalidateQueries({ queryKey: ["agents"] });
    } catch (err) {
      onMessage(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel section" aria-labelledby="agent-move-heading" data-testid="agent-move">
      <h2 id="agent-move-heading" className="subheading">
        {t("agents.moveHeading")}
      </h2>
      <form onSubmit={(e) => void move(e)}>
        <div className="form-grid form-grid--3">
          <UsernamePicker
            label={t("agents.member")}
            value={member}
            onChange={setMember}
            suggestions={memberSuggestions}
            placeholder={t("agents.username")}
            testId="agent-move-member"
            required
          />
          <UsernamePicker
            label={t("agents.newUpline")}
            value={upline}
            onChange={setUpline}
            suggestions={uplineSuggestions}
            placeholder={t("agents.newUplineHint")}
            testId="agent-move-upline"
          />
          <label className="field">
            <span className="field-label">{t("agents.reason")}</span>
            <input
              className="input"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              required
              minLength={3}
              maxLength={200}
              data-testid="agent-move-reason"
            />
          </label>
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy} data-testid="agent-move-submit">
          {busy ? t("agents.moving") : t("agents.move")}
        </button>
      </form>
    </section>
  );
}
