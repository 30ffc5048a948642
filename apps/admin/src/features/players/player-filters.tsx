import { useState } from "react";
import { MoneyInput } from "../../components/amount-fields.tsx";
import { amountToMinor, pesosText, pesosToAmount } from "../../lib/amounts.ts";
import { useT } from "../../lib/i18n.ts";
import type { PLAYER_FILTERS, PlayerFilters } from "./players-api.ts";

type Name = (typeof PLAYER_FILTERS)[number];

const STATUSES = ["active", "locked", "closed"] as const;
const KYC = ["none", "pending", "more_info", "verified", "rejected"] as const;

/**
 * A bound of the balance range, typed in pesos ("1,000.50"); the list asks for it when the
 * field is left with a valid amount (the address keeps the API's "1000.50").
 */
function BalanceBound(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const minor = amountToMinor(props.value);
  const [text, setText] = useState(minor === null ? "" : pesosText(minor));
  return (
    <MoneyInput
      label={props.label}
      value={text}
      onChange={setText}
      optional
      allowZero
      testId={props.testId}
      onCommit={() => props.onChange(pesosToAmount(text, { allowZero: true }) ?? "")}
    />
  );
}

/**
 * The players list's server-side filters: status, KYC state, upline agent, VIP level, main
 * balance range, registration and last sign-in days.
 */
export function PlayerFilterBar(props: {
  filters: PlayerFilters;
  onChange: (name: Name, value: string) => void;
}) {
  const t = useT();
  const { filters, onChange } = props;
  const day = (name: Name, label: string) => (
    <label>
      {label}{" "}
      <input
        type="date"
        className="input input--auto"
        value={filters[name] ?? ""}
        onChange={(e) => onChange(name, e.currentTarget.value)}
        data-testid={`player-filter-${name}`}
      />
    </label>
  );
  return (
    <form className="toolbar" aria-label={t("list.filters")} onSubmit={(e) => e.preventDefault()}>
      <label>
        {t("players.status")}{" "}
        <select
          className="input select input--auto"
          value={filters.status ?? ""}
          onChange={(e) => onChange("status", e.currentTarget.value)}
          data-testid="player-filter-status"
        >
          <option value="">{t("list.all")}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`players.statusOf.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("players.kyc")}{" "}
        <select
          className="input select input--auto"
          value={filters.kyc ?? ""}
          onChange={(e) => onChange("kyc", e.currentTarget.value)}
          data-testid="player-filter-kyc"
        >
          <option value="">{t("list.all")}</option>
          {KYC.map((s) => (
            <option key={s} value={s}>
              {t(`players.kycOf.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t("players.agent")}{" "}
        <input
          className="input input--auto"
          inputMode="numeric"
          size={8}
          value={filters.agent ?? ""}
          onChange={(e) => onChange("agent", e.currentTarget.value.replace(/\D/g, ""))}
          data-testid="player-filter-agent"
        />
      </label>
      <label>
        {t("players.vip")}{" "}
        <input
          className="input input--auto"
          inputMode="numeric"
          size={3}
          maxLength={2}
          value={filters.vip ?? ""}
          onChange={(e) => onChange("vip", e.currentTarget.value.replace(/\D/g, ""))}
          data-testid="player-filter-vip"
        />
      </label>
      <BalanceBound
        label={t("players.balanceMin")}
        value={filters.balanceMin ?? ""}
        onChange={(v) => onChange("balanceMin", v)}
        testId="player-filter-balanceMin"
      />
      <BalanceBound
        label={t("players.balanceMax")}
        value={filters.balanceMax ?? ""}
        onChange={(v) => onChange("balanceMax", v)}
        testId="player-filter-balanceMax"
      />
      {day("registeredFrom", t("players.registeredFrom"))}
      {day("registeredTo", t("players.registeredTo"))}
      {day("lastLoginFrom", t("players.lastLoginFrom"))}
      {day("lastLoginTo", t("players.lastLoginTo"))}
    </form>
  );
}
