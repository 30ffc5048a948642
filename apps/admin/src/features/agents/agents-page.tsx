import { TeamOverviewValue } from "@panalo/contracts/agents";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { z } from "zod";
import { PageHeader } from "../../components/page-header.tsx";
import { api, errorMessage } from "../../lib/api.ts";

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
const TYPE: Record<number, string> = {
  0: "Member",
  1: "General agent",
  2: "Agent",
  41: "Affiliate",
  42: "Affiliate agent",
};
const manila = (msAgo: number) => new Date(Date.now() - msAgo + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * Agents (issue 15 points 1 and 6): create a top agent, search and drill down the tree, move a
 * member under another upline (audited), an agent's team figures, and CSV of each table.
 */
export function AgentsPage() {
  const client = useQueryClient();
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
      setMessage(`Agent ${made.username} ready, invitation code ${made.affiliateCode}.`);
      form.reset();
      await client.invalidateQueries({ queryKey: ["agents"] });
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };

  const move = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!selected) return;
    const f = new FormData(e.currentTarget);
    const up = String(f.get("uplineId") ?? "").trim();
    try {
      const moved = await api.post(
        `/agents/${selected.id}/move`,
        { uplineId: up ? Number(up) : null, reason: String(f.get("reason")) },
        z.object({ id: z.number(), endedContracts: z.array(z.number()) }),
      );
      const ended = moved.endedContracts.length;
      setMessage(
        ended > 0
          ? `${selected.username} moved; ${ended} contract(s) with the old upline ended.`
          : `${selected.username} moved.`,
      );
      await client.invalidateQueries({ queryKey: ["agents"] });
    } catch (err) {
      setMessage(errorMessage(err));
    }
  };

  return (
    <>
      <PageHeader
        title="Agents"
        description="The upline–downline tree: top agents, drill down, moves and team figures."
      />
      {message && (
        <p className="notice" role="status" data-testid="agents-message">
          {message}
        </p>
      )}
      <form className="toolbar" onSubmit={(e) => void create(e)} data-testid="agent-create">
        <input
          name="username"
          className="input"
          placeholder="Username"
          required
          data-testid="agent-create-username"
        />
        <input
          name="password"
          type="password"
          className="input"
          placeholder="Password (new account)"
          data-testid="agent-create-password"
        />
        <select name="isAgent" className="input" defaultValue="1" data-testid="agent-create-type">
          {[1, 2, 41, 42].map((v) => (
            <option key={v} value={v}>
              {TYPE[v]}
            </option>
          ))}
        </select>
        <button type="submit" className="btn btn-primary" data-testid="agent-create-submit">
          Create top agent
        </button>
      </form>
      <search className="toolbar">
        <input
          type="search"
          className="input input--search"
          placeholder="Search any member by username"
          value={q}
          maxLength={40}
          onChange={(e) => {
            setQ(e.target.value.trim());
            setParent(null);
          }}
          data-testid="agents-search"
        />
        <a
          className="btn"
          href={`/api/admin/agents/tree?${params}&format=csv`}
          download
          data-testid="agents-csv"
        >
          Export CSV
        </a>
      </search>
      <nav className="toolbar" aria-label="Path">
        <button type="button" className="link-btn" onClick={() => setParent(null)}>
          Top agents
        </button>
        {tree.data?.path.map((p) => (
          <button key={p.id} type="button" className="link-btn" onClick={() => setParent(p.id)}>
            › {p.username}
          </button>
        ))}
      </nav>
      <div className="table-wrap">
        <table className="table" data-testid="agents-tree">
          <thead>
            <tr>
              <th>Username</th>
              <th>Type</th>
              <th>Upline</th>
              <th>Code</th>
              <th>Depth</th>
              <th>Direct</th>
              <th>Team</th>
              <th>Balance</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tree.isError && (
              <tr>
                <td colSpan={9}>{errorMessage(tree.error)}</td>
              </tr>
            )}
            {tree.data?.items.map((r) => (
              <tr key={r.id} data-testid={`agents-row-${r.username}`}>
                <td>
                  {r.direct > 0 ? (
                    <button type="button" className="link-btn" onClick={() => setParent(r.id)}>
                      {r.username}
                    </button>
                  ) : (
                    r.username
                  )}
                </td>
                <td>{TYPE[r.isAgent] ?? r.isAgent}</td>
                <td>{r.uplineName ?? "—"}</td>
                <td>{r.affiliateCode ?? "—"}</td>
                <td>{r.depth}</td>
                <td>{r.direct}</td>
                <td>{r.teamSize}</td>
                <td>
                  {r.balance} {r.currency}
                </td>
                <td>
                  <button type="button" className="btn btn-sm" onClick={() => setSelected(r)}>
                    Select
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {selected && (
        <section className="card" data-testid="agent-selected">
          <h2>
            {selected.username} (id {selected.id})
          </h2>
          <form className="toolbar" onSubmit={(e) => void move(e)}>
            <input
              name="uplineId"
              className="input"
              placeholder="New upline id (empty: top)"
              inputMode="numeric"
              data-testid="agent-move-upline"
            />
            <input
              name="reason"
              className="input"
              placeholder="Reason (audited)"
              required
              minLength={3}
              maxLength={200}
              data-testid="agent-move-reason"
            />
            <button type="submit" className="btn" data-testid="agent-move-submit">
              Move
            </button>
          </form>
          <TeamFigures id={selected.id} />
        </section>
      )}
    </>
  );
}

function TeamFigures({ id }: { id: number }) {
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
        <input
          type="date"
          className="input"
          value={range.startDate}
          onChange={(e) => setRange({ ...range, startDate: e.target.value })}
        />
        <input
          type="date"
          className="input"
          value={range.endDate}
          onChange={(e) => setRange({ ...range, endDate: e.target.value })}
        />
        <a className="btn" href={`/api/admin/agents/${id}/team?${query}&format=csv`} download>
          Export CSV
        </a>
      </div>
      {team.isError && <p>{errorMessage(team.error)}</p>}
      {d && (
        <dl className="stats" data-testid="agent-team-figures">
          {(
            [
              ["Team size", d.teamSize],
              ["New members", d.newMembers],
              ["Active members", d.activeMembers],
              ["Deposits", d.deposits],
              ["Withdrawals", d.withdrawals],
              ["Bets", d.bets],
              ["Valid bets", d.validBets],
              ["Wins", d.wins],
              ["Profit and loss", d.profitLoss],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}
