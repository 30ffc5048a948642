import "../i18n/texts/agent.ts";
import { manilaDay } from "@panalo/contracts/manila-time";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * Today and N−1 days before, as Manila calendar days (the server's reading of a period). Here,
 * not in agent-api.ts: the centre's shell needs no dates, only the pages with a period do.
 */
export function manilaDays(back: number): { startDate: string; endDate: string } {
  const now = Date.now();
  return { startDate: manilaDay(now - back * 86_400_000), endDate: manilaDay(now) };
}

export interface Period {
  startDate: string;
  endDate: string;
}

/** A period of Manila days (today by default) and an optional member name filter. */
export function usePeriod(back = 0) {
  return useState<Period>(() => manilaDays(back));
}

export function PeriodFilter(props: {
  value: Period;
  onChange: (p: Period) => void;
  username?: string;
  onUsername?: (u: string) => void;
}) {
  const { t } = useTranslation();
  const presets: Array<[string, number]> = [
    ["agent.today", 0],
    ["agent.last7", 6],
    ["agent.last30", 29],
  ];
  return (
    <div className="agent-filters">
      <label>
        {t("agent.from")}
        <input
          type="date"
          className="input input-sm"
          value={props.value.startDate}
          onChange={(e) => props.onChange({ ...props.value, startDate: e.target.value })}
          data-testid="agent-start"
        />
      </label>
      <label>
        {t("agent.to")}
        <input
          type="date"
          className="input input-sm"
          value={props.value.endDate}
          onChange={(e) => props.onChange({ ...props.value, endDate: e.target.value })}
          data-testid="agent-end"
        />
      </label>
      {presets.map(([key, back]) => (
        <button
          key={key}
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => props.onChange(manilaDays(back))}
        >
          {t(key)}
        </button>
      ))}
      {props.onUsername && (
        <input
          type="search"
          className="input input-sm"
          placeholder={t("agent.username")}
          aria-label={t("agent.username")}
          value={props.username ?? ""}
          maxLength={40}
          onChange={(e) => props.onUsername?.(e.target.value)}
          data-testid="agent-username"
        />
      )}
    </div>
  );
}

/** A page of rows with its pager (previous / next). */
export function Pager(props: { page: number; total: number; pageSize: number; onPage: (p: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  return (
    <div className="agent-filters">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={props.page <= 1}
        aria-label={t("agent.prevPage")}
        onClick={() => props.onPage(props.page - 1)}
      >
        ‹
      </button>
      <span>{t("agent.pageOf", { page: props.page, pages })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={props.page >= pages}
        aria-label={t("agent.nextPage")}
        onClick={() => props.onPage(props.page + 1)}
      >
        ›
      </button>
    </div>
  );
}
