import { manilaToday } from "@panalo/contracts/manila-time";
import { formatMoney } from "@panalo/contracts/money-format";
import { type FormEvent, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import {
  type RulesSettings,
  typedPercent,
  typedPesos,
  useLoyaltyChange,
  useLoyaltySettings,
  useMallItems,
  useMemberVip,
  useRedemptions,
  useVipLevels,
  type VipLevel,
} from "./loyalty-api.ts";
import { MissionsSection } from "./missions-section.tsx";

const manilaDay = (offsetDays = 0) => manilaToday(offsetDays);

/** A labelled input of a settings form (amounts in pesos, rates in percent, as typed). */
function Field(p: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  disabled: boolean;
  testId: string;
  numeric?: boolean;
}) {
  return (
    <label>
      {p.label}{" "}
      <input
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        disabled={p.disabled}
        data-testid={p.testId}
        inputMode={p.numeric ? "decimal" : undefined}
      />
    </label>
  );
}

/** The rules as a form: points per deposit in percent, the cash worth of points in pesos, days. */
function RulesForm({ settings, canWrite }: { settings: RulesSettings; canWrite: boolean }) {
  const change = useLoyaltyChange("Saved.");
  const [f, setF] = useState(() => ({
    ...settings,
    expiryDays: String(settings.expiryDays),
    convertPoints: String(settings.convertPoints),
    convertMinPoints: String(settings.convertMinPoints),
    vipWindowDays: String(settings.vipWindowDays),
    vipReviewDays: String(settings.vipReviewDays),
    rankDays: String(settings.rankDays),
  }));
  const set = (k: keyof typeof f) => (v: string) => setF((x) => ({ ...x, [k]: v }));
  const field = (k: keyof typeof f, label: string) => (
    <Field label={label} value={f[k]} onChange={set(k)} disabled={!canWrite} testId={`rules-${k}`} numeric />
  );
  return (
    <form
      className="toolbar"
      data-testid="loyalty-rules-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        change.mutate({
          method: "PUT",
          path: "/loyalty/settings",
          body: {
            ...f,
            depositRatePercent: typedPercent(f.depositRatePercent),
            convertAmount: typedPesos(f.convertAmount) ?? f.convertAmount,
          },
        });
      }}
    >
      {field("depositRatePercent", "Deposit points (% of ₱; 100 = 1 point per ₱1)")}
      {field("convertPoints", "Points")}
      {field("convertAmount", "are worth (₱)")}
      {field("convertMinPoints", "Least points converted")}
      {field("expiryDays", "Points expire after (days, 0 = never)")}
      {field("vipWindowDays", "VIP window (days)")}
      {field("vipReviewDays", "VIP review every (days)")}
      {field("rankDays", "Rankings over (days)")}
      <button type="submit" className="btn btn--sm" disabled={!canWrite}>
        Save rules
      </button>
    </form>
  );
}

/** Points rules: the settings and the rate per category and VIP level, in percent of the amount in pesos. */
function RulesSection({ canWrite }: { canWrite: boolean }) {
  const s = useLoyaltySettings().data;
  const change = useLoyaltyChange("Saved.");
  const [gameType, setGameType] = useState("RNG");
  const [vipLevel, setVipLevel] = useState("0");
  const [ratePercent, setRatePercent] = useState("100");
  return (
    <section className="panel form-stack" data-testid="loyalty-rules">
      <h2 className="subheading">Points rules</h2>
      {s && <RulesForm key={JSON.stringify(s.settings)} settings={s.settings} canWrite={canWrite} />}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">VIP level</th>
              <th scope="col" className="num">
                Rate (% of the amount in ₱; 100 % = 1 point per ₱1)
              </th>
            </tr>
          </thead>
          <tbody>
            {s?.rates.map((r) => (
              <tr key={`${r.gameType}-${r.vipLevel}`}>
                <td>{r.gameType}</td>
                <td>{r.vipLevel}</td>
                <td className="num">{r.ratePercent} %</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="toolbar"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          change.mutate({
            method: "PUT",
            path: "/loyalty/rates",
            body: { gameType, vipLevel, ratePercent: typedPercent(ratePercent) },
          });
        }}
      >
        <label>
          Category{" "}
          <input value={gameType} onChange={(e) => setGameType(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          VIP level{" "}
          <input value={vipLevel} onChange={(e) => setVipLevel(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          Rate (%){" "}
          <input value={ratePercent} onChange={(e) => setRatePercent(e.target.value)} disabled={!canWrite} />
        </label>
        <button type="submit" className="btn btn--sm" disabled={!canWrite}>
          Save rate
        </button>
      </form>
    </section>
  );
}

type LevelForm = Record<Exclude<keyof VipLevel, "level" | "withdrawDailyCount">, string> & {
  level: string;
  withdrawDailyCount: string;
};
const levelForm = (l: VipLevel | null): LevelForm => ({
  level: String(l?.level ?? ""),
  name: l?.name ?? "",
  minValidBet: l?.minValidBet ?? "0.00",
  minDeposit: l?.minDeposit ?? "0.00",
  rebateRatePercent: l?.rebateRatePercent ?? "0",
  withdrawDailyMax: l?.withdrawDailyMax ?? "",
  withdrawDailyCount: l?.withdrawDailyCount == null ? "" : String(l.withdrawDailyCount),
  birthdayBonus: l?.birthdayBonus ?? "0.00",
  upgradeBonus: l?.upgradeBonus ?? "0.00",
});

/**
 * One VIP level's editor: thresholds, bonuses and the withdrawal cap in pesos as typed ("1,000.00"
 * or "1000"), the rebate in percent. A bonus above the finance threshold waits for a second operator.
 */
function VipLevelEditor({
  level,
  canWrite,
  onDone,
}: {
  level: VipLevel | null;
  canWrite: boolean;
  onDone: () => void;
}) {
  const change = useLoyaltyChange("Saved.");
  const [f, setF] = useState(() => levelForm(level));
  const set = (k: keyof LevelForm) => (v: string) => setF((x) => ({ ...x, [k]: v }));
  const field = (k: keyof LevelForm, label: string, numeric = true) => (
    <Field
      label={label}
      value={f[k]}
      onChange={set(k)}
      disabled={!canWrite}
      testId={`vip-edit-${k}`}
      numeric={numeric}
    />
  );
  const pesos = (t: string) => typedPesos(t) ?? t;
  return (
    <form
      className="toolbar"
      data-testid="vip-level-editor"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        change.mutate(
          {
            method: "PUT",
            path: "/loyalty/vip-levels",
            body: {
              level: f.level,
              name: f.name,
              minValidBet: pesos(f.minValidBet),
              minDeposit: pesos(f.minDeposit),
              rebateRatePercent: typedPercent(f.rebateRatePercent),
              // Blank: no cap of this level.
              withdrawDailyMax: f.withdrawDailyMax.trim() ? pesos(f.withdrawDailyMax) : null,
              withdrawDailyCount: f.withdrawDailyCount.trim() ? f.withdrawDailyCount : null,
              birthdayBonus: pesos(f.birthdayBonus),
              upgradeBonus: pesos(f.upgradeBonus),
            },
          },
          { onSuccess: onDone },
        );
      }}
    >
      {level ? <strong>Level {level.level}</strong> : field("level", "Level")}
      {field("name", "Name", false)}
      {field("minValidBet", "Valid bets from (₱)")}
      {field("minDeposit", "Deposits from (₱)")}
      {field("rebateRatePercent", "Rebate (%)")}
      {field("upgradeBonus", "Upgrade bonus (₱)")}
      {field("birthdayBonus", "Birthday bonus (₱)")}
      {field("withdrawDailyMax", "Withdrawals a day up to (₱, blank = no cap)")}
      {field("withdrawDailyCount", "Withdrawals a day (blank = no cap)")}
      <button type="submit" className="btn btn--sm" disabled={!canWrite}>
        Save level
      </button>
      <button type="button" className="btn btn--sm" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** VIP levels with their perks (editable), and one member's level history with a manual change. */
function VipSection({ canWrite }: { canWrite: boolean }) {
  const levels = useVipLevels().data?.list ?? [];
  const change = useLoyaltyChange("Saved.");
  const [memberId, setMemberId] = useState("");
  const [shown, setShown] = useState<number | null>(null);
  const member = useMemberVip(shown).data;
  const [level, setLevel] = useState("1");
  const [note, setNote] = useState("");
  // The level being edited (a number), a new one ("new"), or none.
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <section className="panel form-stack" data-testid="loyalty-vip">
      <h2 className="subheading">VIP levels</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Level</th>
              <th scope="col">Name</th>
              <th scope="col" className="num">
                Valid bets from
              </th>
              <th scope="col" className="num">
                Deposits from
              </th>
              <th scope="col" className="num">
                Rebate
              </th>
              <th scope="col" className="num">
                Upgrade bonus
              </th>
              <th scope="col" className="num">
                Birthday bonus
              </th>
              <th scope="col" className="num">
                Withdrawals a day
              </th>
              <th scope="col">
                <span className="visually-hidden">Edit</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {levels.map((l) => (
              <tr key={l.level} data-testid={`vip-level-${l.level}`}>
                <td>{l.level}</td>
                <td>{l.name}</td>
                <td className="num">₱{formatMoney(l.minValidBet)}</td>
                <td className="num">₱{formatMoney(l.minDeposit)}</td>
                <td className="num">{l.rebateRatePercent} %</td>
                <td className="num">₱{formatMoney(l.upgradeBonus)}</td>
                <td className="num">₱{formatMoney(l.birthdayBonus)}</td>
                <td className="num">
                  {l.withdrawDailyMax === null ? "no cap" : `₱${formatMoney(l.withdrawDailyMax)}`}
                  {l.withdrawDailyCount === null ? "" : ` · ${l.withdrawDailyCount}×`}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn--sm"
                    disabled={!canWrite}
                    onClick={() => setEditing(l.level)}
                    aria-label={`Edit level ${l.level}`}
                  >
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing === null ? (
        <button type="button" className="btn btn--sm" disabled={!canWrite} onClick={() => setEditing("new")}>
          New level
        </button>
      ) : (
        <VipLevelEditor
          key={String(editing)}
          level={editing === "new" ? null : (levels.find((l) => l.level === editing) ?? null)}
          canWrite={canWrite}
          onDone={() => setEditing(null)}
        />
      )}
      <form
        className="toolbar"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setShown(Number(memberId) || null);
        }}
      >
        <label>
          Member id{" "}
          <input value={memberId} onChange={(e) => setMemberId(e.target.value)} inputMode="numeric" />
        </label>
        <button type="submit" className="btn btn--sm">
          Show level history
        </button>
      </form>
      {member && shown !== null && (
        <>
          <p>
            Level {member.level} · valid bets {member.validBet} · deposits {member.deposit} (rolling window)
          </p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">From</th>
                  <th scope="col">To</th>
                  <th scope="col">Why</th>
                  <th scope="col">Note</th>
                </tr>
              </thead>
              <tbody>
                {member.history.map((h) => (
                  <tr key={h.id}>
                    <td>{h.created_at}</td>
                    <td>{h.from_level}</td>
                    <td>{h.to_level}</td>
                    <td>{h.reason}</td>
                    <td>{h.note ?? ""}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <form
            className="toolbar"
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              change.mutate({ method: "POST", path: `/loyalty/members/${shown}/vip`, body: { level, note } });
            }}
          >
            <label>
              New level{" "}
              <input value={level} onChange={(e) => setLevel(e.target.value)} disabled={!canWrite} />
            </label>
            <label>
              Reason <input value={note} onChange={(e) => setNote(e.target.value)} disabled={!canWrite} />
            </label>
            <button type="submit" className="btn btn--sm" disabled={!canWrite || !note.trim()}>
              Change level
            </button>
          </form>
        </>
      )}
    </section>
  );
}

/** The mall's items and stock, and a new goods or cash item. */
function MallSection({ canWrite }: { canWrite: boolean }) {
  const items = useMallItems().data?.list ?? [];
  const change = useLoyaltyChange("Saved.");
  const [name, setName] = useState("");
  const [kind, setKind] = useState("goods");
  const [price, setPrice] = useState("100");
  const [stock, setStock] = useState("10");
  const [amount, setAmount] = useState("");
  const [tickets, setTickets] = useState("1");
  // freespins: N spins at a fixed bet per line on one in-house slot (vendor, game code), lasting days.
  const [fsVendor, setFsVendor] = useState("PNG");
  const [fsGame, setFsGame] = useState("");
  const [fsSpins, setFsSpins] = useState("10");
  const [fsBet, setFsBet] = useState("0.10");
  const [fsDays, setFsDays] = useState("7");
  return (
    <section className="panel form-stack" data-testid="loyalty-mall">
      <h2 className="subheading">Points mall</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Item</th>
              <th scope="col">Kind</th>
              <th scope="col" className="num">
                Points
              </th>
              <th scope="col" className="num">
                Stock
              </th>
              <th scope="col">On</th>
            </tr>
          </thead>
          <tbody>
            {items.map((it) => (
              <tr key={it.id}>
                <td>{it.id}</td>
                <td>{it.names.EN ?? ""}</td>
                <td>
                  {it.kind}
                  {it.freeSpins
                    ? ` · ${it.freeSpins.spins} × ${it.freeSpins.betPerLine}/line on ${it.freeSpins.vendor} ${it.freeSpins.gameCode}, ${it.freeSpins.expiryDays} d`
                    : ""}
                </td>
                <td className="num">{it.pricePoints}</td>
                <td className="num">{it.stock ?? "∞"}</td>
                <td>{it.enabled ? "yes" : "no"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="toolbar"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          change.mutate({
            method: "POST",
            path: "/loyalty/mall/items",
            body: {
              kind,
              names: { EN: name },
              pricePoints: price,
              stock: stock === "" ? null : stock,
              amount: kind === "goods" || kind === "raffle" || kind === "freespins" ? null : amount,
              tickets: kind === "raffle" ? tickets : null,
              freeSpins:
                kind === "freespins"
                  ? {
                      vendor: fsVendor,
                      gameCode: fsGame,
                      spins: fsSpins,
                      betPerLine: fsBet,
                      expiryDays: fsDays,
                    }
                  : null,
              bonusRuleId: null,
              memberCap: null,
              periodCap: null,
            },
          });
        }}
      >
        <label>
          Name <input value={name} onChange={(e) => setName(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          Kind{" "}
          <select value={kind} onChange={(e) => setKind(e.target.value)} disabled={!canWrite}>
            <option value="goods">goods</option>
            <option value="cash">cash</option>
            <option value="raffle">raffle tickets</option>
            <option value="freespins">free spins</option>
          </select>
        </label>
        <label>
          Points <input value={price} onChange={(e) => setPrice(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          Stock <input value={stock} onChange={(e) => setStock(e.target.value)} disabled={!canWrite} />
        </label>
        {kind === "raffle" && (
          <label>
            Tickets{" "}
            <input value={tickets} onChange={(e) => setTickets(e.target.value)} disabled={!canWrite} />
          </label>
        )}
        {kind === "freespins" && (
          <>
            <label>
              Vendor{" "}
              <input value={fsVendor} onChange={(e) => setFsVendor(e.target.value)} disabled={!canWrite} />
            </label>
            <label>
              Game code{" "}
              <input value={fsGame} onChange={(e) => setFsGame(e.target.value)} disabled={!canWrite} />
            </label>
            <label>
              Spins{" "}
              <input value={fsSpins} onChange={(e) => setFsSpins(e.target.value)} disabled={!canWrite} />
            </label>
            <label>
              Bet per line{" "}
              <input value={fsBet} onChange={(e) => setFsBet(e.target.value)} disabled={!canWrite} />
            </label>
            <label>
              Expiry days{" "}
              <input value={fsDays} onChange={(e) => setFsDays(e.target.value)} disabled={!canWrite} />
            </label>
          </>
        )}
        {kind === "cash" && (
          <label>
            Cash amount{" "}
            <input value={amount} onChange={(e) => setAmount(e.target.value)} disabled={!canWrite} />
          </label>
        )}
        <button type="submit" className="btn btn--sm" disabled={!canWrite || !name.trim()}>
          Add item
        </button>
      </form>
    </section>
  );
}

/** The reason stored when the operator types none (the member reads it in their language). */
const OPERATOR_REJECTED = "rejected by operator";

/** The redemption queue (spec §4): approve with a tracking reference, or reject (points returned). */
function QueueSection({ canWrite }: { canWrite: boolean }) {
  const [status, setStatus] = useState("in_process");
  const list = useRedemptions(status).data?.list ?? [];
  const change = useLoyaltyChange("Decided.");
  const [tracking, setTracking] = useState<Record<number, string>>({});
  return (
    <section className="panel form-stack" data-testid="loyalty-queue">
      <h2 className="subheading">Redemption queue</h2>
      <label>
        Status{" "}
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="in_process">in process</option>
          <option value="approved">approved</option>
          <option value="rejected">rejected</option>
          <option value="">all</option>
        </select>
      </label>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Member</th>
              <th scope="col">Item</th>
              <th scope="col" className="num">
                Points
              </th>
              <th scope="col">Deliver to</th>
              <th scope="col">Status</th>
              <th scope="col">Decision</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id} data-testid={`redemption-${r.id}`}>
                <td>{r.id}</td>
                <td>{r.member}</td>
                <td>{r.item}</td>
                <td className="num">{r.points}</td>
                <td>{[r.address, r.mobile].filter(Boolean).join(" · ")}</td>
                <td data-testid={`redemption-status-${r.id}`}>
                  {r.tracking ? `${r.status} (${r.tracking})` : r.status}
                  {r.status === "rejected" && r.reason && <small className="block">{r.reason}</small>}
                  {r.freeSpins && (
                    <small className="block" data-testid={`redemption-spins-${r.id}`}>
                      {r.freeSpins.state === "pending"
                        ? `Free spins on their way to the game: ${r.freeSpins.attempts} failed attempt(s)${
                            r.freeSpins.lastError ? ` (${r.freeSpins.lastError})` : ""
                          }${
                            r.freeSpins.nextAttemptAt
                              ? `, next at ${new Date(r.freeSpins.nextAttemptAt).toLocaleString()}`
                              : ""
                          }`
                        : `Free spins ${r.freeSpins.state === "granted" ? "delivered to the game" : "not delivered"}`}
                    </small>
                  )}
                </td>
                <td>
                  {r.status === "in_process" && (
                    <span className="toolbar">
                      <input
                        aria-label={`Tracking reference or reason of ${r.id}`}
                        placeholder="Tracking ref. / reason"
                        value={tracking[r.id] ?? ""}
                        onChange={(e) => setTracking({ ...tracking, [r.id]: e.target.value })}
                        disabled={!canWrite}
                        maxLength={200}
                      />
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={!canWrite}
                        data-testid={`approve-${r.id}`}
                        onClick={() =>
                          change.mutate({
                            method: "POST",
                            path: `/loyalty/redemptions/${r.id}/decide`,
                            body: { approve: true, tracking: tracking[r.id] ?? "" },
                          })
                        }
                      >
                        Approve
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={!canWrite}
                        onClick={() =>
                          change.mutate({
                            method: "POST",
                            path: `/loyalty/redemptions/${r.id}/decide`,
                            // The text typed is the reason the member reads (none: a standard text
                            // in the member's language).
                            body: { approve: false, reason: tracking[r.id]?.trim() || OPERATOR_REJECTED },
                          })
                        }
                      >
                        Reject
                      </button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Points issued, redeemed, returned and expired per Manila day, as CSV. */
function ReportSection() {
  const [from, setFrom] = useState(manilaDay(-6));
  const [to, setTo] = useState(manilaDay());
  return (
    <section className="panel form-stack">
      <h2 className="subheading">Points report</h2>
      <div className="toolbar">
        <label>
          From <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          To <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <a className="btn btn--sm" href={`/api/admin/loyalty/report?from=${from}&to=${to}&format=csv`}>
          Points issued, redeemed, expired (CSV)
        </a>
      </div>
    </section>
  );
}

/** Points rules, VIP levels and members' levels, the mall and its queue, the report. */
export function LoyaltyPage() {
  const canWrite = useCanWrite("loyalty");
  return (
    <>
      <PageHeader
        title="Loyalty"
        description="Points rules and rates, VIP levels and a member's level history, the points mall and its redemption queue, missions and campaigns, the points report."
      />
      {!canWrite && <ReadOnlyNote />}
      <QueueSection canWrite={canWrite} />
      <MallSection canWrite={canWrite} />
      <MissionsSection canWrite={canWrite} />
      <RulesSection canWrite={canWrite} />
      <VipSection canWrite={canWrite} />
      <ReportSection />
    </>
  );
}
