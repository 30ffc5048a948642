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
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { useT } from "../../lib/i18n.ts";
import { useRaffles, useRebateAdmin, useReferralAdmin, useRewardsChange } from "./rewards-api.ts";
import { raffleStatusLabel, rebateModeLabel, rebateRunStatusLabel } from "./rewards-labels.ts";

const manilaDay = (offsetDays = 0) => manilaToday(offsetDays);
/** Rebate rates: a percentage of valid bets with up to four decimals ("0.35" = 0.35 %). */
const REBATE_UNIT: RateUnit = { perPercent: 10_000, decimals: 4 };
/** Pesos as typed → the API's "1234.50"; a text that is not one goes as typed, for the server to name. */
const amountOrTyped = (text: string) => pesosToAmount(text, { allowZero: true }) ?? text.trim();

/** Rebate mode, rates per game category (the VIP level 0 rates apply), a day run by hand, the runs. */
function RebateSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const rebate = useRebateAdmin();
  const change = useRewardsChange(t("common.saved"));
  const [gameType, setGameType] = useState("RNG");
  const [rate, setRate] = useState("0.5");
  const [day, setDay] = useState(manilaDay(-1));
  const d = rebate.data;
  return (
    <section className="panel form-stack" data-testid="rewards-rebate">
      <h2 className="subheading">{t("rewards.rebates")}</h2>
      {d && (
        <p>
          {t("rewards.mode")}{" "}
          <strong>{d.mode === "auto" ? t("rewards.modeAuto") : t("rewards.modeManual")}</strong>{" "}
          {t("rewards.claimWithin", { n: d.claimDays })}{" "}
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
            {d.mode === "auto" ? t("rewards.toManual") : t("rewards.toAuto")}
          </button>
        </p>
      )}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("loyalty.category")}</th>
              <th scope="col">{t("loyalty.vipLevel")}</th>
              <th scope="col" className="num">
                {t("rewards.ratePercent")}
              </th>
              <th scope="col" className="num">
                {t("rewards.minimum")}
              </th>
              <th scope="col" className="num">
                {t("bonus.cap")}
              </th>
              <th scope="col">{t("table.on")}</th>
            </tr>
          </thead>
          <tbody>
            {d?.rates.map((r) => (
              <tr key={`${r.gameType}-${r.vipLevel}`}>
                <td>{gameCategoryLabel(r.gameType)}</td>
                <td>{r.vipLevel}</td>
                <td className="num">{showPercentText(r.rate)}</td>
                <td className="num">{showAmount(r.minPayout)}</td>
                <td className="num">{r.maxPayout === null ? "—" : showAmount(r.maxPayout)}</td>
                <td>{r.enabled ? t("loyalty.yes") : t("loyalty.no")}</td>
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
          {t("loyalty.category")}{" "}
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
          {t("rewards.setRate")}
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
          {t("rewards.manilaDay")}{" "}
          <input type="date" value={day} onChange={(e) => setDay(e.target.value)} disabled={!canWrite} />
        </label>
        <button type="submit" className="btn btn--sm" disabled={!canWrite}>
          {t("rewards.runDay")}
        </button>
      </form>
      <ul>
        {d?.runs.map((r) => (
          <li key={r.day}>
            {t("rewards.run", {
              day: r.day,
              status: rebateRunStatusLabel(r.status),
              mode: rebateModeLabel(r.mode),
              members: r.members,
              paid: r.paid,
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Raffles: create (window, ticket rules, prizes), draw after the end, results with the seed. */
function RaffleSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const raffles = useRaffles();
  const change = useRewardsChange(t("rewards.done"));
  // The title in Filipino or English at least; the other site languages fall back to them.
  const [titleTY, setTitleTY] = useState("");
  const [titleEN, setTitleEN] = useState("");
  const [startsAt, setStartsAt] = useState(manilaDay());
  const [endsAt, setEndsAt] = useState(manilaDay(7));
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
          ].filter(([, text]) => text),
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
      <h2 className="subheading">{t("rewards.raffles")}</h2>
      <form className="form-stack" onSubmit={create}>
        <fieldset disabled={!canWrite} className="plain-fieldset toolbar">
          <label>
            {t("rewards.titleTY")}{" "}
            <input value={titleTY} onChange={(e) => setTitleTY(e.target.value)} required={!titleEN.trim()} />
          </label>
          <label>
            {t("rewards.titleEN")}{" "}
            <input value={titleEN} onChange={(e) => setTitleEN(e.target.value)} required={!titleTY.trim()} />
          </label>
          <label>
            {t("filter.from")}{" "}
            <input type="date" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
          </label>
          <label>
            {t("rewards.until")}{" "}
            <input type="date" value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
          </label>
          <MoneyInput label={t("rewards.perDeposit")} optional value={perDeposit} onChange={setPerDeposit} />
          <MoneyInput label={t("rewards.perBet")} optional value={perBet} onChange={setPerBet} />
          <label>
            {t("rewards.prizes")} <input value={prizes} onChange={(e) => setPrizes(e.target.value)} />
          </label>
          <button type="submit" className="btn btn--sm">
            {t("rewards.createRaffle")}
          </button>
        </fieldset>
      </form>
      {raffles.data?.map((r) => (
        <article key={r.id} className="panel" data-testid="raffle-row">
          <strong>
            #{r.id} {r.title}
          </strong>{" "}
          — {raffleStatusLabel(r.status)}, {formatDateTime(r.startsAt)} – {formatDateTime(r.endsAt)}
          <p className="cell-sub">{t("rewards.seedHash", { hash: r.seedHash })}</p>
          {r.serverSeed && (
            <p className="cell-sub">{t("rewards.seed", { seed: r.serverSeed, n: r.totalTickets ?? "" })}</p>
          )}
          <ol>
            {r.prizes.map((p) => {
              const w = r.winners.find((x) => x.rank === p.rank);
              return (
                <li key={p.rank}>
                  {showAmount(p.amount)}
                  {w && t("rewards.winner", { ticket: w.ticket, member: w.member })}
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
              {t("rewards.draw")}
            </button>
          )}
        </article>
      ))}
    </section>
  );
}

/** Referral rewards: on registration, first deposit (with a minimum), betting target. */
function ReferralSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const referral = useReferralAdmin();
  const change = useRewardsChange(t("common.saved"));
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
      <h2 className="subheading">{t("rewards.invite")}</h2>
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
            {t("table.on")}
          </label>
          {field("registerReward", t("rewards.onRegister"))}
          {field("depositReward", t("rewards.onFirstDeposit"))}
          {field("depositMin", t("rewards.firstDepositMin"))}
          {field("betReward", t("rewards.onBetTarget"))}
          {field("betThreshold", t("rewards.betTarget"))}
          <button type="submit" className="btn btn--sm">
            {t("rewards.save")}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

/** The rewards reports, downloaded as CSV for a range of Manila days. */
function ReportsSection() {
  const t = useT();
  const [from, setFrom] = useState(manilaDay(-6));
  const [to, setTo] = useState(manilaDay());
  const q = `from=${from}&to=${to}&format=csv`;
  return (
    <section className="panel form-stack">
      <h2 className="subheading">{t("rewards.reports")}</h2>
      <div className="toolbar">
        <label>
          {t("filter.from")} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t("filter.to")} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <a className="btn btn--sm" href={`/api/admin/rewards/rebate/report?${q}`}>
          {t("rewards.rebatesCsv")}
        </a>
        <a className="btn btn--sm" href={`/api/admin/rewards/report?${q}`}>
          {t("rewards.rewardsCsv")}
        </a>
      </div>
    </section>
  );
}

/** Back office → Rewards: rebates, raffles, invite rewards, reports. */
export function RewardsPage() {
  const t = useT();
  const canWrite = useCanWrite("rewards");
  return (
    <>
      <PageHeader title={t("rewards.title")} description={t("rewards.description")} />
      {!canWrite && <ReadOnlyNote />}
      <RebateSection canWrite={canWrite} />
      <RaffleSection canWrite={canWrite} />
      <ReferralSection canWrite={canWrite} />
      <ReportsSection />
    </>
  );
}
