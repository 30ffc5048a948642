import { manilaStart, manilaToday } from "@panalo/contracts/manila-time";
import { type FormEvent, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { MoneyInput, PercentInput } from "../../components/amount-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import {
  amountText,
  amountToMinor,
  percentText,
  pesosToAmount,
  type RateUnit,
  readPercent,
  showAmount,
  showPercentText,
} from "../../lib/amounts.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { useT } from "../../lib/i18n.ts";
import { useRaffles, useRebateAdmin, useReferralAdmin, useRewardsChange } from "./rewards-api.ts";

const manilaDay = (offsetDays = 0) => manilaToday(offsetDays);
/** Rebate rates: a percentage of valid bets with up to four decimals ("0.35" = 0.35 %). */
const REBATE_UNIT: RateUnit = { perPercent: 10_000, decimals: 4 };
/** Pesos as typed → the API's "1234.50"; a text that is not one goes as typed, for the server to name. */
const amountOrTyped = (text: string) => pesosToAmount(text, { allowZero: true }) ?? text.trim();

/** Rebate mode, rates per game category (the VIP level 0 rates apply), a day run by hand, the runs. */
function RebateSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const rebate = useRebateAdmin();
  const change = useRewardsChange("Saved.");
  const [gameType, setGameType] = useState("RNG");
  const [rate, setRate] = useState("0.5");
  const [day, setDay] = useState(manilaDay(-1));
  const d = rebate.data;
  return (
    <section className="panel form-stack" data-testid="rewards-rebate">
      <h2 className="subheading">Rebates</h2>
      {d && (
        <p>
          Mode: <strong>{d.mode}</strong> (claim within {d.claimDays} days){" "}
          <button
            type="button"
            className="btn btn--sm"
            disabled={!canWrite}
            onClick={() =>
              change.mutate({
                method: "PUT",
                path: "/rewards/rebate/settings",
                body: { mode: d.mode === "auto" ? "manual" : "auto", claimDays: d.claimDays },
              })
            }
          >
            Switch to {d.mode === "auto" ? "manual" : "automatic"}
          </button>
        </p>
      )}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">VIP level</th>
              <th scope="col" className="num">
                Rate %
              </th>
              <th scope="col" className="num">
                Minimum
              </th>
              <th scope="col" className="num">
                Cap
              </th>
              <th scope="col">On</th>
            </tr>
          </thead>
          <tbody>
            {d?.rates.map((r) => (
              <tr key={`${r.gameType}-${r.vipLevel}`}>
                <td>{r.gameType}</td>
                <td>{r.vipLevel}</td>
                <td className="num">{showPercentText(r.rate)}</td>
                <td className="num">{showAmount(r.minPayout)}</td>
                <td className="num">{r.maxPayout === null ? "—" : showAmount(r.maxPayout)}</td>
                <td>{r.enabled ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="toolbar"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          const read = readPercent(rate, REBATE_UNIT);
          if (!read.ok) return;
          change.mutate({
            method: "PUT",
            path: "/rewards/rebate/rates",
            body: { gameType, rate: percentText(read.value, REBATE_UNIT) },
          });
        }}
      >
        <label>
          Category{" "}
          <input value={gameType} onChange={(e) => setGameType(e.target.value)} disabled={!canWrite} />
        </label>
        <PercentInput
          label={t("rewards.rate")}
          unit={REBATE_UNIT}
          value={rate}
          onChange={setRate}
          disabled={!canWrite}
          testId="rebate-rate"
        />
        <button
          type="submit"
          className="btn btn--sm"
          disabled={!canWrite || !readPercent(rate, REBATE_UNIT).ok}
        >
          Set rate
        </button>
      </form>
      <form
        className="toolbar"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          change.mutate({ method: "POST", path: "/rewards/rebate/run", body: { day } });
        }}
      >
        <label>
          Manila day{" "}
          <input type="date" value={day} onChange={(e) => setDay(e.target.value)} disabled={!canWrite} />
        </label>
        <button type="submit" className="btn btn--sm" disabled={!canWrite}>
          Run this day
        </button>
      </form>
      <ul>
        {d?.runs.map((r) => (
          <li key={r.day}>
            {r.day}: {r.status}, {r.mode}, {r.members} members, {r.paid}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Raffles: create (window, ticket rules, prizes), draw after the end, results with the seed. */
function RaffleSection({ canWrite }: { canWrite: boolean }) {
  const raffles = useRaffles();
  const change = useRewardsChange("Done.");
  // The title in Filipino or English at least; the other site languages fall back to them.
  const [titleTY, setTitleTY] = useState("");
  const [titleEN, setTitleEN] = useState("");
  const [startsAt, setStartsAt] = useState(manilaDay());
  const [endsAt, setEndsAt] = useState(manilaDay(7));
  const t = useT();
  const [perDeposit, setPerDeposit] = useState("500.00");
  const [perBet, setPerBet] = useState("");
  const [prizes, setPrizes] = useState("1000.00, 500.00");
  const create = (e: FormEvent) => {
    e.preventDefault();
    change.mutate({
      method: "POST",
      path: "/rewards/raffles",
      body: {
        title: Object.fromEntries(
          [
            ["TY", titleTY.trim()],
            ["EN", titleEN.trim()],
          ].filter(([, t]) => t),
        ),
        startsAt: manilaStart(startsAt).toISOString(),
        endsAt: manilaStart(endsAt).toISOString(),
        ticketPerDeposit: perDeposit.trim() ? amountOrTyped(perDeposit) : null,
        ticketPerBet: perBet.trim() ? amountOrTyped(perBet) : null,
        // Prizes in rank order, separated by ";" or by ", " (a comma right before digits groups thousands).
        prizes: prizes
          .split(/;|,\s+/)
          .map((p) => p.trim())
          .filter(Boolean)
          .map(amountOrTyped),
      },
    });
  };
  return (
    <section className="panel form-stack" data-testid="rewards-raffles">
      <h2 className="subheading">Raffles</h2>
      <form className="form-stack" onSubmit={create}>
        <fieldset disabled={!canWrite} className="plain-fieldset toolbar">
          <label>
            Title (Filipino){" "}
            <input value={titleTY} onChange={(e) => setTitleTY(e.target.value)} required={!titleEN.trim()} />
          </label>
          <label>
            Title (English){" "}
            <input value={titleEN} onChange={(e) => setTitleEN(e.target.value)} required={!titleTY.trim()} />
          </label>
          <label>
            From <input type="date" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
          </label>
          <label>
            Until <input type="date" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
          </label>
          <MoneyInput label={t("rewards.perDeposit")} optional value={perDeposit} onChange={setPerDeposit} />
          <MoneyInput label={t("rewards.perBet")} optional value={perBet} onChange={setPerBet} />
          <label>
            Prizes (rank order) <input value={prizes} onChange={(e) => setPrizes(e.target.value)} />
          </label>
          <button type="submit" className="btn btn--sm">
            Create raffle
          </button>
        </fieldset>
      </form>
      {raffles.data?.map((r) => (
        <article key={r.id} className="panel" data-testid="raffle-row">
          <strong>
            #{r.id} {r.title}
          </strong>{" "}
          — {r.status}, {formatDateTime(r.startsAt)} – {formatDateTime(r.endsAt)}
          <p className="cell-sub">Seed hash {r.seedHash}</p>
          {r.serverSeed && (
            <p className="cell-sub">
              Seed {r.serverSeed} · {r.totalTickets} tickets
            </p>
          )}
          <ol>
            {r.prizes.map((p) => {
              const w = r.winners.find((x) => x.rank === p.rank);
              return (
                <li key={p.rank}>
                  {showAmount(p.amount)}
                  {w && ` — ticket ${w.ticket}, ${w.member}`}
                </li>
              );
            })}
          </ol>
          {r.status === "open" && (
            <button
              type="button"
              className="btn btn--sm"
              disabled={!canWrite || Date.parse(r.endsAt) > Date.now()}
              onClick={() =>
                change.mutate({ method: "POST", path: `/rewards/raffles/${r.id}/draw`, body: {} })
              }
            >
              Draw
            </button>
          )}
        </article>
      ))}
    </section>
  );
}

/** Referral rewards: on registration, first deposit (with a minimum), betting target. */
function ReferralSection({ canWrite }: { canWrite: boolean }) {
  const referral = useReferralAdmin();
  const change = useRewardsChange("Saved.");
  const [draft, setDraft] = useState<Record<string, string> | null>(null);
  const d = referral.data;
  if (!d) return null;
  const stored: Record<string, string> = {
    registerReward: d.registerReward,
    depositReward: d.depositReward,
    depositMin: d.depositMin,
    betReward: d.betReward,
    betThreshold: d.betThreshold,
  };
  const v = draft ?? {
    ...Object.fromEntries(Object.entries(stored).map(([k, a]) => [k, amountText(a)])),
    enabled: d.enabled ? "1" : "",
  };
  const field = (name: string, label: string) => (
    <MoneyInput
      key={name}
      label={label}
      allowZero
      value={v[name] ?? ""}
      onChange={(text) => setDraft({ ...v, [name]: text })}
      saved={amountToMinor(stored[name])}
    />
  );
  return (
    <section className="panel form-stack" data-testid="rewards-referral">
      <h2 className="subheading">Invite friends</h2>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          const { enabled, ...amounts } = v;
          change.mutate({
            method: "PUT",
            path: "/rewards/referral",
            body: {
              ...Object.fromEntries(Object.entries(amounts).map(([k, a]) => [k, amountOrTyped(a)])),
              enabled: enabled === "1",
            },
          });
        }}
      >
        <fieldset disabled={!canWrite} className="plain-fieldset toolbar">
          <label>
            <input
              type="checkbox"
              checked={v.enabled === "1"}
              onChange={(e) => setDraft({ ...v, enabled: e.target.checked ? "1" : "" })}
            />{" "}
            On
          </label>
          {field("registerReward", "On registering")}
          {field("depositReward", "On first deposit")}
          {field("depositMin", "First deposit at least")}
          {field("betReward", "On betting target")}
          {field("betThreshold", "Betting target")}
          <button type="submit" className="btn btn--sm">
            Save
          </button>
        </fieldset>
      </form>
    </section>
  );
}

/** The rewards reports, downloaded as CSV for a range of Manila days. */
function ReportsSection() {
  const [from, setFrom] = useState(manilaDay(-6));
  const [to, setTo] = useState(manilaDay());
  const q = `from=${from}&to=${to}&format=csv`;
  return (
    <section className="panel form-stack">
      <h2 className="subheading">Reports</h2>
      <div className="toolbar">
        <label>
          From <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <a className="btn btn--sm" href={`/api/admin/rewards/rebate/report?${q}`}>
          Rebates (CSV)
        </a>
        <a className="btn btn--sm" href={`/api/admin/rewards/report?${q}`}>
          Rewards offered and claimed (CSV)
        </a>
      </div>
    </section>
  );
}

/** Back office → Rewards: rebates, raffles, invite rewards, reports. */
export function RewardsPage() {
  const canWrite = useCanWrite("rewards");
  return (
    <>
      <PageHeader
        title="Rewards"
        description="Rebate rates and runs, raffles (commit-reveal draws), invite-friend rewards, and the reports."
      />
      {!canWrite && <ReadOnlyNote />}
      <RebateSection canWrite={canWrite} />
      <RaffleSection canWrite={canWrite} />
      <ReferralSection canWrite={canWrite} />
      <ReportsSection />
    </>
  );
}
