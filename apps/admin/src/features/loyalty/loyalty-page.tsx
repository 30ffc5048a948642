import { POINTS_RATE, REBATE_RATE } from "@panalo/contracts/loyalty";
import { manilaToday } from "@panalo/contracts/manila-time";
import { formatMinor } from "@panalo/contracts/money-format";
import { type FormEvent, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { MoneyInput, PercentInput } from "../../components/amount-fields.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import {
  amountText,
  amountToMinor,
  percentText,
  pesosToAmount,
  readPercent,
  readPesos,
  showAmount,
  showPercentText,
} from "../../lib/amounts.ts";
import { formatDateTime } from "../../lib/dates.ts";
import { gameCategoryLabel } from "../../lib/game-categories.ts";
import { useT } from "../../lib/i18n.ts";
import {
  type RulesSettings,
  useLoyaltyChange,
  useLoyaltySettings,
  useMallItems,
  useMemberVip,
  useRedemptions,
  useVipLevels,
  type VipLevel,
} from "./loyalty-api.ts";
import { mallKindLabel, redeemStatusLabel, vipReasonLabel } from "./loyalty-labels.ts";
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

/** Parts of a stored percent text ("0.5") in `unit`, for the field's "saved" line. */
const partsOf = (text: string, unit: { perPercent: number; decimals: number }) => {
  const r = readPercent(text, unit);
  return r.ok ? r.value : null;
};

/** The rules as a form: points per deposit in percent, the cash worth of points in pesos, days. */
function RulesForm({ settings, canWrite }: { settings: RulesSettings; canWrite: boolean }) {
  const t = useT();
  const change = useLoyaltyChange(t("common.saved"));
  const [f, setF] = useState(() => ({
    ...settings,
    convertAmount: amountText(settings.convertAmount),
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
  const rate = readPercent(f.depositRatePercent, POINTS_RATE);
  const worth = readPesos(f.convertAmount);
  return (
    <form
      className="toolbar"
      data-testid="loyalty-rules-form"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (!rate.ok || !worth.ok) return;
        change.mutate({
          method: "PUT",
          path: "/loyalty/settings",
          body: {
            ...f,
            depositRatePercent: percentText(rate.value, POINTS_RATE),
            convertAmount: formatMinor(worth.value),
          },
        });
      }}
    >
      <PercentInput
        label={t("loyalty.depositRate")}
        unit={POINTS_RATE}
        value={f.depositRatePercent}
        onChange={set("depositRatePercent")}
        saved={partsOf(settings.depositRatePercent, POINTS_RATE)}
        disabled={!canWrite}
        testId="rules-depositRatePercent"
      />
      {field("convertPoints", t("loyalty.convertPoints"))}
      <MoneyInput
        label={t("loyalty.convertAmount")}
        value={f.convertAmount}
        onChange={set("convertAmount")}
        saved={amountToMinor(settings.convertAmount)}
        disabled={!canWrite}
        testId="rules-convertAmount"
      />
      {field("convertMinPoints", t("loyalty.convertMinPoints"))}
      {field("expiryDays", t("loyalty.expiryDays"))}
      {field("vipWindowDays", t("loyalty.vipWindowDays"))}
      {field("vipReviewDays", t("loyalty.vipReviewDays"))}
      {field("rankDays", t("loyalty.rankDays"))}
      <button type="submit" className="btn btn--sm" disabled={!canWrite || !rate.ok || !worth.ok}>
        {t("loyalty.saveRules")}
      </button>
    </form>
  );
}

/** Points rules: the settings and the rate per category and VIP level, in percent of the amount in pesos. */
function RulesSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const s = useLoyaltySettings().data;
  const change = useLoyaltyChange(t("common.saved"));
  const [gameType, setGameType] = useState("RNG");
  const [vipLevel, setVipLevel] = useState("0");
  const [ratePercent, setRatePercent] = useState("100");
  const rate = readPercent(ratePercent, POINTS_RATE);
  return (
    <section className="panel form-stack" data-testid="loyalty-rules">
      <h2 className="subheading">{t("loyalty.rules")}</h2>
      {s && <RulesForm key={JSON.stringify(s.settings)} settings={s.settings} canWrite={canWrite} />}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("loyalty.category")}</th>
              <th scope="col">{t("loyalty.vipLevel")}</th>
              <th scope="col" className="num">
                {t("loyalty.rateHead")}
              </th>
            </tr>
          </thead>
          <tbody>
            {s?.rates.map((r) => (
              <tr key={`${r.gameType}-${r.vipLevel}`}>
                <td>{gameCategoryLabel(r.gameType)}</td>
                <td>{r.vipLevel}</td>
                <td className="num">{showPercentText(r.ratePercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        className="toolbar"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          if (!rate.ok) return;
          change.mutate({
            method: "PUT",
            path: "/loyalty/rates",
            body: { gameType, vipLevel, ratePercent: percentText(rate.value, POINTS_RATE) },
          });
        }}
      >
        <label>
          {t("loyalty.category")}{" "}
          <input value={gameType} onChange={(e) => setGameType(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          {t("loyalty.vipLevel")}{" "}
          <input value={vipLevel} onChange={(e) => setVipLevel(e.target.value)} disabled={!canWrite} />
        </label>
        <PercentInput
          label={t("loyalty.rate")}
          unit={POINTS_RATE}
          value={ratePercent}
          onChange={setRatePercent}
          disabled={!canWrite}
          testId="rules-rate"
        />
        <button type="submit" className="btn btn--sm" disabled={!canWrite || !rate.ok}>
          {t("loyalty.saveRate")}
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
  minValidBet: amountText(l?.minValidBet ?? "0.00"),
  minDeposit: amountText(l?.minDeposit ?? "0.00"),
  rebateRatePercent: l?.rebateRatePercent ?? "0",
  withdrawDailyMax: amountText(l?.withdrawDailyMax),
  withdrawDailyCount: l?.withdrawDailyCount == null ? "" : String(l.withdrawDailyCount),
  birthdayBonus: amountText(l?.birthdayBonus ?? "0.00"),
  upgradeBonus: amountText(l?.upgradeBonus ?? "0.00"),
});

type LevelMoney = "minValidBet" | "minDeposit" | "upgradeBonus" | "birthdayBonus" | "withdrawDailyMax";

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
  const t = useT();
  const change = useLoyaltyChange(t("common.saved"));
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
  // Blank withdrawal cap: no cap of this level.
  const read = (k: LevelMoney) =>
    k === "withdrawDailyMax" && !f[k].trim()
      ? null
      : readPesos(f[k], { allowZero: k !== "withdrawDailyMax" });
  const money = (k: LevelMoney, label: string) => (
    <MoneyInput
      label={label}
      value={f[k]}
      onChange={set(k)}
      allowZero={k !== "withdrawDailyMax"}
      optional={k === "withdrawDailyMax"}
      saved={level ? amountToMinor(level[k]) : undefined}
      disabled={!canWrite}
      testId={`vip-edit-${k}`}
    />
  );
  const moneyKeys: LevelMoney[] = [
    "minValidBet",
    "minDeposit",
    "upgradeBonus",
    "birthdayBonus",
    "withdrawDailyMax",
  ];
  const rebate = readPercent(f.rebateRatePercent, REBATE_RATE);
  const valid = rebate.ok && moneyKeys.every((k) => read(k)?.ok !== false);
  const amount = (k: LevelMoney) => {
    const r = read(k);
    return r?.ok ? formatMinor(r.value) : null;
  };
  return (
    <form
      className="toolbar"
      data-testid="vip-level-editor"
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (!valid || !rebate.ok) return;
        change.mutate(
          {
            method: "PUT",
            path: "/loyalty/vip-levels",
            body: {
              level: f.level,
              name: f.name,
              minValidBet: amount("minValidBet"),
              minDeposit: amount("minDeposit"),
              rebateRatePercent: percentText(rebate.value, REBATE_RATE),
              withdrawDailyMax: amount("withdrawDailyMax"),
              withdrawDailyCount: f.withdrawDailyCount.trim() ? f.withdrawDailyCount : null,
              birthdayBonus: amount("birthdayBonus"),
              upgradeBonus: amount("upgradeBonus"),
            },
          },
          { onSuccess: onDone },
        );
      }}
    >
      {level ? (
        <strong>{t("loyalty.levelN", { level: level.level })}</strong>
      ) : (
        field("level", t("loyalty.level"))
      )}
      {field("name", t("loyalty.name"), false)}
      {money("minValidBet", t("loyalty.minValidBet"))}
      {money("minDeposit", t("loyalty.minDeposit"))}
      <PercentInput
        label={t("loyalty.rebate")}
        unit={REBATE_RATE}
        value={f.rebateRatePercent}
        onChange={set("rebateRatePercent")}
        saved={level ? partsOf(level.rebateRatePercent, REBATE_RATE) : undefined}
        disabled={!canWrite}
        testId="vip-edit-rebateRatePercent"
      />
      {money("upgradeBonus", t("loyalty.upgradeBonus"))}
      {money("birthdayBonus", t("loyalty.birthdayBonus"))}
      {money("withdrawDailyMax", t("loyalty.withdrawDailyMax"))}
      {field("withdrawDailyCount", t("loyalty.withdrawDailyCount"))}
      <button type="submit" className="btn btn--sm" disabled={!canWrite || !valid}>
        {t("loyalty.saveLevel")}
      </button>
      <button type="button" className="btn btn--sm" onClick={onDone}>
        {t("common.cancel")}
      </button>
    </form>
  );
}

/** VIP levels with their perks (editable), and one member's level history with a manual change. */
function VipSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const levels = useVipLevels().data?.list ?? [];
  const change = useLoyaltyChange(t("common.saved"));
  const [memberId, setMemberId] = useState("");
  const [shown, setShown] = useState<number | null>(null);
  const member = useMemberVip(shown).data;
  const [level, setLevel] = useState("1");
  const [note, setNote] = useState("");
  // The level being edited (a number), a new one ("new"), or none.
  const [editing, setEditing] = useState<number | "new" | null>(null);
  return (
    <section className="panel form-stack" data-testid="loyalty-vip">
      <h2 className="subheading">{t("loyalty.vipLevels")}</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("loyalty.level")}</th>
              <th scope="col">{t("loyalty.name")}</th>
              <th scope="col" className="num">
                {t("loyalty.minValidBet")}
              </th>
              <th scope="col" className="num">
                {t("loyalty.minDeposit")}
              </th>
              <th scope="col" className="num">
                {t("loyalty.rebate")}
              </th>
              <th scope="col" className="num">
                {t("loyalty.upgradeBonus")}
              </th>
              <th scope="col" className="num">
                {t("loyalty.birthdayBonus")}
              </th>
              <th scope="col" className="num">
                {t("loyalty.withdrawalsADay")}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t("loyalty.edit")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {levels.map((l) => (
              <tr key={l.level} data-testid={`vip-level-${l.level}`}>
                <td>{l.level}</td>
                <td>{l.name}</td>
                <td className="num">{showAmount(l.minValidBet)}</td>
                <td className="num">{showAmount(l.minDeposit)}</td>
                <td className="num">{showPercentText(l.rebateRatePercent)}</td>
                <td className="num">{showAmount(l.upgradeBonus)}</td>
                <td className="num">{showAmount(l.birthdayBonus)}</td>
                <td className="num">
                  {l.withdrawDailyMax === null ? t("loyalty.noCap") : showAmount(l.withdrawDailyMax)}
                  {l.withdrawDailyCount === null ? "" : ` · ${l.withdrawDailyCount}×`}
                </td>
                <td>
                  <button
                    type="button"
                    className="btn btn--sm"
                    disabled={!canWrite}
                    onClick={() => setEditing(l.level)}
                    aria-label={t("loyalty.editLevel", { level: l.level })}
                  >
                    {t("loyalty.edit")}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing === null ? (
        <button type="button" className="btn btn--sm" disabled={!canWrite} onClick={() => setEditing("new")}>
          {t("loyalty.newLevel")}
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
          {t("loyalty.memberId")}{" "}
          <input value={memberId} onChange={(e) => setMemberId(e.target.value)} inputMode="numeric" />
        </label>
        <button type="submit" className="btn btn--sm">
          {t("loyalty.showHistory")}
        </button>
      </form>
      {member && shown !== null && (
        <>
          <p>
            {t("loyalty.memberLine", {
              level: member.level,
              validBet: member.validBet,
              deposit: member.deposit,
            })}
          </p>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">{t("loyalty.when")}</th>
                  <th scope="col">{t("filter.from")}</th>
                  <th scope="col">{t("filter.to")}</th>
                  <th scope="col">{t("loyalty.why")}</th>
                  <th scope="col">{t("loyalty.note")}</th>
                </tr>
              </thead>
              <tbody>
                {member.history.map((h) => (
                  <tr key={h.id}>
                    <td>{formatDateTime(h.created_at)}</td>
                    <td>{h.from_level}</td>
                    <td>{h.to_level}</td>
                    <td>{vipReasonLabel(h.reason)}</td>
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
              {t("loyalty.newLevel")}{" "}
              <input value={level} onChange={(e) => setLevel(e.target.value)} disabled={!canWrite} />
            </label>
            <label>
              {t("loyalty.reason")}{" "}
              <input value={note} onChange={(e) => setNote(e.target.value)} disabled={!canWrite} />
            </label>
            <button type="submit" className="btn btn--sm" disabled={!canWrite || !note.trim()}>
              {t("loyalty.changeLevel")}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

/** The mall's items and stock, and a new goods or cash item. */
function MallSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const items = useMallItems().data?.list ?? [];
  const change = useLoyaltyChange(t("common.saved"));
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
      <h2 className="subheading">{t("loyalty.mall")}</h2>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("loyalty.id")}</th>
              <th scope="col">{t("loyalty.item")}</th>
              <th scope="col">{t("loyalty.kind")}</th>
              <th scope="col" className="num">
                {t("loyalty.convertPoints")}
              </th>
              <th scope="col" className="num">
                {t("loyalty.stock")}
              </th>
              <th scope="col">{t("table.on")}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((it) => (
              <tr key={it.id}>
                <td>{it.id}</td>
                <td>{it.names.EN ?? ""}</td>
                <td>
                  {mallKindLabel(it.kind)}
                  {it.freeSpins
                    ? t("loyalty.itemSpins", {
                        spins: it.freeSpins.spins,
                        bet: showAmount(it.freeSpins.betPerLine),
                        vendor: it.freeSpins.vendor,
                        game: it.freeSpins.gameCode,
                        days: it.freeSpins.expiryDays,
                      })
                    : ""}
                </td>
                <td className="num">{it.pricePoints}</td>
                <td className="num">{it.stock ?? "∞"}</td>
                <td>{it.enabled ? t("loyalty.yes") : t("loyalty.no")}</td>
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
              amount:
                kind === "goods" || kind === "raffle" || kind === "freespins"
                  ? null
                  : (pesosToAmount(amount) ?? amount),
              tickets: kind === "raffle" ? tickets : null,
              freeSpins:
                kind === "freespins"
                  ? {
                      vendor: fsVendor,
                      gameCode: fsGame,
                      spins: fsSpins,
                      betPerLine: pesosToAmount(fsBet) ?? fsBet,
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
          {t("loyalty.name")}{" "}
          <input value={name} onChange={(e) => setName(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          {t("loyalty.kind")}{" "}
          <select value={kind} onChange={(e) => setKind(e.target.value)} disabled={!canWrite}>
            <option value="goods">{t("loyalty.kindGoods")}</option>
            <option value="cash">{t("loyalty.kindCash")}</option>
            <option value="raffle">{t("loyalty.kindRaffle")}</option>
            <option value="freespins">{t("loyalty.kindFreeSpins")}</option>
          </select>
        </label>
        <label>
          {t("loyalty.convertPoints")}{" "}
          <input value={price} onChange={(e) => setPrice(e.target.value)} disabled={!canWrite} />
        </label>
        <label>
          {t("loyalty.stock")}{" "}
          <input value={stock} onChange={(e) => setStock(e.target.value)} disabled={!canWrite} />
        </label>
        {kind === "raffle" && (
          <label>
            {t("loyalty.tickets")}{" "}
            <input value={tickets} onChange={(e) => setTickets(e.target.value)} disabled={!canWrite} />
          </label>
        )}
        {kind === "freespins" && (
          <>
            <label>
              {t("loyalty.vendor")}{" "}
              <input value={fsVendor} onChange={(e) => setFsVendor(e.target.value)} disabled={!canWrite} />
            </label>
            <label>
              {t("loyalty.gameCode")}{" "}
              <input value={fsGame} onChange={(e) => setFsGame(e.target.value)} disabled={!canWrite} />
            </label>
            <label>
              {t("loyalty.spins")}{" "}
              <input value={fsSpins} onChange={(e) => setFsSpins(e.target.value)} disabled={!canWrite} />
            </label>
            <MoneyInput
              label={t("loyalty.betPerLine")}
              value={fsBet}
              onChange={setFsBet}
              disabled={!canWrite}
            />
            <label>
              {t("loyalty.expiryDaysShort")}{" "}
              <input value={fsDays} onChange={(e) => setFsDays(e.target.value)} disabled={!canWrite} />
            </label>
          </>
        )}
        {kind === "cash" && (
          <MoneyInput
            label={t("loyalty.cashAmount")}
            value={amount}
            onChange={setAmount}
            disabled={!canWrite}
          />
        )}
        <button type="submit" className="btn btn--sm" disabled={!canWrite || !name.trim()}>
          {t("loyalty.addItem")}
        </button>
      </form>
    </section>
  );
}

/** The reason stored when the operator types none (the member reads it in their language). */
const OPERATOR_REJECTED = "rejected by operator";

/** The redemption queue (spec §4): approve with a tracking reference, or reject (points returned). */
function QueueSection({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const [status, setStatus] = useState("in_process");
  const list = useRedemptions(status).data?.list ?? [];
  const change = useLoyaltyChange(t("loyalty.decided"));
  const [tracking, setTracking] = useState<Record<number, string>>({});
  return (
    <section className="panel form-stack" data-testid="loyalty-queue">
      <h2 className="subheading">{t("loyalty.queue")}</h2>
      <label>
        {t("loyalty.status")}{" "}
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="in_process">{t("loyalty.inProcess")}</option>
          <option value="approved">{t("loyalty.approved")}</option>
          <option value="rejected">{t("loyalty.rejected")}</option>
          <option value="">{t("loyalty.all")}</option>
        </select>
      </label>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("loyalty.id")}</th>
              <th scope="col">{t("loyalty.member")}</th>
              <th scope="col">{t("loyalty.item")}</th>
              <th scope="col" className="num">
                {t("loyalty.convertPoints")}
              </th>
              <th scope="col">{t("loyalty.deliverTo")}</th>
              <th scope="col">{t("loyalty.status")}</th>
              <th scope="col">{t("loyalty.decision")}</th>
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
                  {r.tracking
                    ? `${redeemStatusLabel(r.status)} (${r.tracking})`
                    : redeemStatusLabel(r.status)}
                  {r.status === "rejected" && r.reason && <small className="block">{r.reason}</small>}
                  {r.freeSpins && (
                    <small className="block" data-testid={`redemption-spins-${r.id}`}>
                      {r.freeSpins.state === "pending"
                        ? t("loyalty.spinsPending", {
                            attempts: r.freeSpins.attempts,
                            error: r.freeSpins.lastError ? ` (${r.freeSpins.lastError})` : "",
                            next: r.freeSpins.nextAttemptAt
                              ? t("loyalty.spinsNext", { at: formatDateTime(r.freeSpins.nextAttemptAt) })
                              : "",
                          })
                        : r.freeSpins.state === "granted"
                          ? t("loyalty.spinsGranted")
                          : t("loyalty.spinsNotDelivered")}
                    </small>
                  )}
                </td>
                <td>
                  {r.status === "in_process" && (
                    <span className="toolbar">
                      <input
                        aria-label={t("loyalty.trackingOf", { id: r.id })}
                        placeholder={t("loyalty.trackingHint")}
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
                        {t("loyalty.approve")}
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
                        {t("loyalty.reject")}
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
  const t = useT();
  const [from, setFrom] = useState(manilaDay(-6));
  const [to, setTo] = useState(manilaDay());
  return (
    <section className="panel form-stack">
      <h2 className="subheading">{t("loyalty.report")}</h2>
      <div className="toolbar">
        <label>
          {t("filter.from")} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label>
          {t("filter.to")} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <a className="btn btn--sm" href={`/api/admin/loyalty/report?from=${from}&to=${to}&format=csv`}>
          {t("loyalty.reportCsv")}
        </a>
      </div>
    </section>
  );
}

/** Points rules, VIP levels and members' levels, the mall and its queue, the report. */
export function LoyaltyPage() {
  const t = useT();
  const canWrite = useCanWrite("loyalty");
  return (
    <>
      <PageHeader title={t("loyalty.title")} description={t("loyalty.description")} />
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
