import "../../i18n/texts/centre.ts";
import "../../i18n/texts/wallet.ts";
import type { BetRecordRow, BetRecordValue, BetRoundStatus } from "@panalo/contracts/betting-record";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../../components/empty-state.tsx";
import { Field } from "../../../components/field.tsx";
import { Modal } from "../../../components/modal.tsx";
import { failureText } from "../../../lib/api.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { useBalance } from "../../account/member-api.ts";
import { useGameMenus } from "../../system/system-api.ts";
import {
  BET_RECORD_PAGE_SIZE,
  checkBetRange,
  type ProviderFilter,
  providerParams,
  replayLink,
  useBetRecord,
} from "../betting/bet-record-api.ts";
import { useLocale } from "../wallet/locale.ts";
import { money } from "../wallet/money.ts";
import { Pager } from "../wallet/pager.tsx";
import { daysBefore, manilaToday } from "../wallet/record-filters.ts";
import { StatusBadge, type Tone } from "../wallet/status-badge.tsx";
import { useRefreshOnBalancePush } from "../wallet/wallet-api.ts";
import "../wallet/wallet.css";
import "../betting/betting.css";

const QUICK_RANGES = [
  { id: "today", days: 0 },
  { id: "week", days: 6 },
  { id: "month", days: 29 },
] as const;

const TONE: Record<BetRoundStatus, Tone> = { settled: "ok", open: "wait", rolled_back: "bad" };

interface Filters {
  startDate: string;
  endDate: string;
  provider: ProviderFilter;
}

/**
 * personalHistoryCopy, the betting record (spec §2): the member's own game rounds as the
 * platform recorded them from the game providers, one row per round (bets, wins and returned
 * stakes summed), with the totals of the chosen period; in-house rounds can be replayed on
 * their game server through a short-lived signed link.
 */
export default function BettingRecordPage() {
  const { t } = useTranslation();
  const id = useId();
  useRefreshOnBalancePush();
  const menus = useGameMenus().data ?? [];
  const today = manilaToday();
  const [draft, setDraft] = useState<Filters>({
    startDate: daysBefore(today, 6),
    endDate: today,
    provider: "",
  });
  const [applied, setApplied] = useState<Filters>(draft);
  const [page, setPage] = useState(1);
  const [rangeError, setRangeError] = useState<string | undefined>();

  const apply = (next: Filters) => {
    const problem = checkBetRange(next.startDate, next.endDate);
    setRangeError(problem ? t(`betRecord.range.${problem}`) : undefined);
    if (problem) return;
    setApplied(next);
    setPage(1);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(draft);
  };

  return (
    <div className="wallet-page bet-record" data-testid="bet-record">
      <h2>{t("member.page.personalHistoryCopy")}</h2>
      <form className="record-filters" onSubmit={submit} noValidate data-testid="bet-record-filters">
        <Field id={`${id}-start`} label={t("wallet.records.from")} error={rangeError}>
          <input
            id={`${id}-start`}
            type="date"
            className="input"
            max={today}
            value={draft.startDate}
            onChange={(e) => setDraft((d) => ({ ...d, startDate: e.target.value }))}
            data-testid="bet-record-start"
          />
        </Field>
        <Field id={`${id}-end`} label={t("wallet.records.to")}>
          <input
            id={`${id}-end`}
            type="date"
            className="input"
            max={today}
            value={draft.endDate}
            onChange={(e) => setDraft((d) => ({ ...d, endDate: e.target.value }))}
            data-testid="bet-record-end"
          />
        </Field>
        <Field id={`${id}-provider`} label={t("betRecord.provider")}>
          <select
            id={`${id}-provider`}
            className="input"
            value={draft.provider}
            onChange={(e) => setDraft((d) => ({ ...d, provider: e.target.value as ProviderFilter }))}
            data-testid="bet-record-provider"
          >
            <option value="">{t("betRecord.allProviders")}</option>
            {menus.map((m) => (
              <optgroup key={m.gameType} label={t(`category.${m.gameType}`)}>
                <option value={`type:${m.gameType}`}>
                  {t("betRecord.allOf", { category: t(`category.${m.gameType}`) })}
                </option>
                {m.vendors.map((v) => (
                  <option key={v.vassalage} value={`vendor:${v.vassalage}`}>
                    {v.displayName}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn btn-primary" data-testid="bet-record-search">
          {t("wallet.records.search")}
        </button>
      </form>
      <fieldset className="quick-amounts">
        <legend className="sr-only">{t("wallet.records.quick")}</legend>
        {QUICK_RANGES.map((r) => (
          <button
            key={r.id}
            type="button"
            className="chip"
            onClick={() => {
              const next = { ...draft, startDate: daysBefore(today, r.days), endDate: today };
              setDraft(next);
              apply(next);
            }}
            data-testid={`bet-record-range-${r.id}`}
          >
            {t(`wallet.records.quickRange.${r.id}`)}
          </button>
        ))}
      </fieldset>
      <RoundsList
        query={{
          startDate: applied.startDate,
          endDate: applied.endDate,
          ...providerParams(applied.provider),
          page,
          pageSize: BET_RECORD_PAGE_SIZE,
        }}
        onPage={setPage}
      />
    </div>
  );
}

function signed(symbol: string | undefined, amount: string): string {
  return `${amount.startsWith("-") || /^0\.00$/.test(amount) ? "" : "+"}${money(symbol, amount)}`;
}

function Totals({ value, symbol }: { value: BetRecordValue; symbol: string | undefined }) {
  const { t } = useTranslation();
  const net = value.totals.net;
  return (
    <dl className="bet-totals" data-testid="bet-record-totals">
      <div>
        <dt>{t("betRecord.totals.rounds")}</dt>
        <dd data-testid="bet-total-rounds">{value.totals.rounds}</dd>
      </div>
      <div>
        <dt>{t("betRecord.totals.bet")}</dt>
        <dd data-testid="bet-total-bet">{money(symbol, value.totals.bet)}</dd>
      </div>
      <div>
        <dt>{t("betRecord.totals.win")}</dt>
        <dd data-testid="bet-total-win">{money(symbol, value.totals.win)}</dd>
      </div>
      <div>
        <dt>{t("betRecord.totals.net")}</dt>
        <dd className={net.startsWith("-") ? "amount-out" : "amount-in"} data-testid="bet-total-net">
          {signed(symbol, net)}
        </dd>
      </div>
    </dl>
  );
}

function RoundsList({
  query,
  onPage,
}: {
  query: Parameters<typeof useBetRecord>[0] & { page: number; pageSize: number };
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const symbol = useBalance().data?.currencySymbol;
  const { data, isPending, isError, isFetching, refetch } = useBetRecord(query);
  const [replay, setReplay] = useState<{ url: string; round: BetRecordRow } | null>(null);
  const [replayError, setReplayError] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);

  const openReplay = async (round: BetRecordRow) => {
    setOpening(round.roundId);
    setReplayError(null);
    try {
      const link = await replayLink(round.vassalage, round.roundId);
      setReplay({ url: link.url, round });
    } catch (e) {
      setReplayError(failureText(e, t("betRecord.replayFailed"), t("errors.network")));
    } finally {
      setOpening(null);
    }
  };

  if (isPending) return <span className="spinner" aria-hidden="true" />;
  if (isError)
    return (
      <p className="form-error" role="alert">
        {t("wallet.loadFailed")}{" "}
        <button type="button" className="link-btn" onClick={() => void refetch()}>
          {t("common.retry")}
        </button>
      </p>
    );
  return (
    <>
      <Totals value={data} symbol={symbol} />
      {replayError && (
        <p className="form-error" role="alert" data-testid="bet-replay-error">
          {replayError}
        </p>
      )}
      {data.items.length === 0 ? (
        <EmptyState title={t("betRecord.none")} />
      ) : (
        <div className="table-scroll" aria-busy={isFetching || undefined}>
          <table className="table wallet-table bet-table" data-testid="bet-record-table">
            <thead>
              <tr>
                <th>{t("betRecord.col.time")}</th>
                <th>{t("betRecord.col.game")}</th>
                <th className="num">{t("betRecord.col.bet")}</th>
                <th className="num">{t("betRecord.col.win")}</th>
                <th className="num">{t("betRecord.col.net")}</th>
                <th>{t("betRecord.col.status")}</th>
                <th>{t("betRecord.col.round")}</th>
                <th>
                  <span className="sr-only">{t("betRecord.replay")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr
                  key={`${r.vassalage}:${r.roundId}`}
                  data-testid="bet-row"
                  data-round-id={r.roundId}
                  data-vendor={r.vassalage}
                  data-status={r.status}
                >
                  <td data-label={t("betRecord.col.time")}>{formatDateTime(r.time, locale)}</td>
                  <td data-label={t("betRecord.col.game")} className="bet-game">
                    <span data-testid="bet-game">{r.gameName ?? r.gameCode ?? "—"}</span>
                    {r.freeSpin && (
                      <span className="bet-free-spin" data-testid="bet-free-spin">
                        {t("betRecord.freeSpin")}
                      </span>
                    )}
                    <small className="muted">{r.vendorName}</small>
                  </td>
                  <td data-label={t("betRecord.col.bet")} className="num" data-testid="bet-amount">
                    {money(symbol, r.bet)}
                  </td>
                  <td data-label={t("betRecord.col.win")} className="num" data-testid="bet-win">
                    {money(symbol, r.win)}
                  </td>
                  <td
                    data-label={t("betRecord.col.net")}
                    className={r.net.startsWith("-") ? "num amount-out" : "num amount-in"}
                    data-testid="bet-net"
                  >
                    {signed(symbol, r.net)}
                  </td>
                  <td data-label={t("betRecord.col.status")}>
                    <StatusBadge
                      status={r.status}
                      tone={TONE[r.status]}
                      label={t(`betRecord.status.${r.status}`)}
                    />
                  </td>
                  <td data-label={t("betRecord.col.round")} className="bet-round">
                    <code title={r.roundId}>
                      {r.roundId.length > 12 ? `${r.roundId.slice(0, 8)}…` : r.roundId}
                    </code>
                  </td>
                  <td className="bet-actions">
                    {r.replay && (
                      <button
                        type="button"
                        className="btn btn-sm"
                        disabled={opening === r.roundId}
                        onClick={() => void openReplay(r)}
                        data-testid="bet-replay"
                      >
                        {t("betRecord.replay")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        page={query.page}
        pageSize={query.pageSize}
        total={data.total}
        onPage={onPage}
        testId="bet-record-pager"
      />
      {replay && (
        <Modal
          onClose={() => setReplay(null)}
          title={`${t("betRecord.replayTitle")} · ${replay.round.gameName ?? replay.round.vendorName}`}
          size="wide"
          testId="bet-replay-modal"
        >
          <iframe
            className="bet-replay-frame"
            src={replay.url}
            title={t("betRecord.replayTitle")}
            referrerPolicy="no-referrer"
            data-testid="bet-replay-frame"
          />
        </Modal>
      )}
    </>
  );
}
