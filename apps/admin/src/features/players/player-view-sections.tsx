import "./player-view.css";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Link } from "react-router";
import { EmptyRow } from "../../components/table-states.tsx";
import { formatDateTime } from "../../lib/dates.ts";
import { type TextKey, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { useMemberBonuses } from "../bonus/bonus-api.ts";
import { bonusStateLabel } from "../bonus/bonus-labels.ts";
import { StatusBadge } from "../finance/finance-ui.tsx";
import { useWallet } from "../finance/ledger-api.ts";
import { money } from "../finance/money.ts";
import { depositQueue, withdrawalQueue } from "../finance/queues-api.ts";
import { roundStatusLabel } from "./player-labels.ts";
import {
  NoteInput,
  useAddNote,
  usePlayerNotes,
  usePlayerProfile,
  usePlayerRounds,
} from "./player-view-api.ts";

/**
 * The sections of the one-page player view. Money (balances, deposits,
 * withdrawals, rounds) shows only to operators with finance access; identity, limits and notes
 * to everyone who may see players; bonuses to those who may see promotions (marketing.read).
 * There are no loyalty points yet: no such section is drawn.
 */

const LATEST = 5;
const none = <span className="muted">—</span>;

function Section({
  id,
  title,
  aside,
  children,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id} data-testid={id}>
      <div className="section-header">
        <h2 id={id}>{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

export function BalancesSection({ id }: { id: number }) {
  const t = useT();
  const wallet = useWallet(id);
  const s = wallet.data;
  if (!s) return null;
  const cards = [
    { key: "main", title: t("player.main"), value: s.main },
    // The bonus account of the ledger (promotions credit it; it is playable, not withdrawable).
    { key: "bonus", title: t("player.bonus"), value: s.bonus },
    { key: "held", title: t("player.held"), value: s.held },
    ...s.vendors.map((v) => ({
      key: `vendor-${v.vendor}`,
      title: t("player.gameWallet", { vendor: v.vendor }),
      value: v.balance,
    })),
  ];
  return (
    <Section
      id="player-balances"
      title={t("player.balances")}
      aside={
        <Link to={`/players/${id}/wallet`} data-testid="player-wallet-link">
          {t("player.walletLink")}
        </Link>
      }
    >
      <div className="card-grid card-grid--3">
        {cards.map((c) => (
          <div key={c.key} className="card">
            <p className="card-title">{c.title}</p>
            <p className="card-value" data-testid={`player-balance-${c.key}`}>
              {money(c.value, s.currency)}
            </p>
          </div>
        ))}
      </div>
    </Section>
  );
}

/** The member's bonuses with their wagering; grants and forfeits on Finance → Bonuses. */
export function BonusesSection({ id }: { id: number }) {
  const t = useT();
  const list = useMemberBonuses(id);
  const items = list.data?.items ?? [];
  return (
    <Section
      id="player-bonuses"
      title={t("player.bonuses")}
      aside={
        <Link to={`/bonuses?member=${id}`} data-testid="player-bonuses-link">
          {t("player.grantOrForfeit")}
        </Link>
      }
    >
      {list.data?.bonusReview && (
        <p className="alert alert--warn" role="note">
          {t("player.householdReview")}
        </p>
      )}
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("player.bonusName")}</th>
              <th scope="col">{t("player.state")}</th>
              <th scope="col" className="num">
                {t("player.amount")}
              </th>
              <th scope="col" className="num">
                {t("player.wagered")}
              </th>
              <th scope="col">{t("player.expires")}</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 ? (
              <EmptyRow columns={5} title={list.isPending ? t("player.loading") : t("player.noBonus")} />
            ) : (
              items.slice(0, LATEST).map((b) => (
                <tr key={b.id} data-testid="player-bonus">
                  <td>{b.name}</td>
                  <td>
                    <StatusBadge status={b.state} label={bonusStateLabel(b.state)} />
                  </td>
                  <td className="num">{money(b.amount, b.currency)}</td>
                  <td className="num">
                    {money(b.wagered, b.currency)} / {money(b.wageringRequired, b.currency)} ({b.progress} %)
                  </td>
                  <td>{b.expiresAt ? formatDateTime(b.expiresAt) : none}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const KYC_LABEL = {
  none: "player.kycOf.none",
  pending: "player.kycOf.pending",
  more_info: "player.kycOf.more_info",
  verified: "player.kycOf.verified",
  rejected: "player.kycOf.rejected",
} as const satisfies Record<string, TextKey>;

export function IdentitySection({ id }: { id: number }) {
  const t = useT();
  const profile = usePlayerProfile(id);
  const p = profile.data;
  if (!p) return null;
  const yes = (v: boolean) => (v ? t("player.yes") : t("player.no"));
  return (
    <Section id="player-identity" title={t("player.identity")}>
      <dl className="panel detail-list">
        <Item label={t("player.realName")}>
          {p.kyc.realName ?? none}{" "}
          {p.kyc.realName && (
            <span className={`badge${p.kyc.realNameVerified ? " badge--success" : " badge--muted"}`}>
              {p.kyc.realNameVerified ? t("player.verified") : t("player.notVerified")}
            </span>
          )}
        </Item>
        <Item label={t("player.birthday")}>{p.kyc.birthday ?? none}</Item>
        <Item label={t("player.kyc")}>
          <span
            className={`badge${p.kyc.status === "verified" ? " badge--success" : " badge--muted"}`}
            data-testid="player-kyc-status"
          >
            {t(KYC_LABEL[p.kyc.status])}
          </span>
          {p.kyc.latestCase && (
            <>
              {" "}
              <Link to="/kyc">{t("player.kycCase", { id: p.kyc.latestCase.id })}</Link>
              {p.kyc.latestCase.reason && <span className="muted"> · {p.kyc.latestCase.reason}</span>}
            </>
          )}
        </Item>
        <Item label={t("player.avatar")}>
          {p.profile.avatarUrl ? (
            <img
              src={p.profile.avatarUrl}
              alt={t("player.avatarAlt")}
              width={40}
              height={40}
              style={{ borderRadius: "50%" }}
            />
          ) : (
            none
          )}
        </Item>
        <Item label={t("player.nickname")}>{p.profile.nickname ?? none}</Item>
        <Item label={t("player.fullName")}>{p.profile.fullName ?? none}</Item>
        <Item label={t("player.nationality")}>{p.profile.nationality ?? none}</Item>
        <Item label={t("player.birthPlace")}>{p.profile.birthPlace ?? none}</Item>
        <Item label={t("player.address")}>{p.profile.address ?? none}</Item>
        <Item label={t("player.occupation")}>{p.profile.occupation ?? none}</Item>
        <Item label={t("player.incomeSource")}>{p.profile.incomeSource ?? none}</Item>
        <Item label={t("player.contacts")}>
          {Object.entries(p.profile.contacts)
            .map(([k, v]) => `${k}: ${v}`)
            .join(", ") || none}
        </Item>
        <Item label={t("player.totp")}>{yes(p.profile.totpEnabled)}</Item>
        <Item label={t("player.payoutAccounts")}>{p.kyc.payoutAccounts}</Item>
        <Item label={t("player.signInAccounts")}>{p.kyc.signInProviders.join(", ") || none}</Item>
        <Item label={t("player.upline")}>
          {p.upline ? <Link to={`/players/${p.upline.id}`}>{p.upline.username}</Link> : none}
        </Item>
        <Item label={t("player.withdrawalLimits")}>
          {money(p.limits.withdrawalMin)} – {money(p.limits.withdrawalMax)}
        </Item>
        <Item label={t("player.txPassword")}>
          {yes(p.limits.txPasswordSet)}
          {p.limits.txPasswordLockedUntil && (
            <span className="badge badge--warn">
              {t("player.lockedUntil", { at: formatDateTime(p.limits.txPasswordLockedUntil) })}
            </span>
          )}
        </Item>
        <Item label={t("player.loginLock")}>
          {p.limits.loginLockedUntil
            ? t("player.until", { at: formatDateTime(p.limits.loginLockedUntil) })
            : t("player.none")}
        </Item>
      </dl>
    </Section>
  );
}

function LatestTable({
  id,
  title,
  link,
  head,
  rows,
  columns,
}: {
  id: string;
  title: string;
  link: string;
  head: string[];
  rows: ReactNode[];
  columns: number;
}) {
  const t = useT();
  return (
    <Section id={id} title={title} aside={<Link to={link}>{t("player.all")}</Link>}>
      <div className="table-wrap">
        <table className="table">
          <thead>
            <tr>
              {head.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow columns={columns} title={t("player.noneYet")} />}
            {rows}
          </tbody>
        </table>
      </div>
    </Section>
  );
}

export function MoneyHistorySections({ id }: { id: number }) {
  const t = useT();
  const deposits = depositQueue.useList({ status: "", memberId: id, page: 1, pageSize: LATEST });
  const withdrawals = withdrawalQueue.useList({ status: "", memberId: id, page: 1, pageSize: LATEST });
  const rounds = usePlayerRounds(id, true);
  return (
    <div className="player-history">
      <LatestTable
        id="player-deposits"
        title={t("player.latestDeposits")}
        link={`/deposits?status=all&q=${id}`}
        head={[t("player.id"), t("player.time"), t("player.amount"), t("player.status")]}
        columns={4}
        rows={(deposits.data?.items ?? []).map((d) => (
          <tr key={d.id}>
            <td>D{d.id}</td>
            <td className="cell-nowrap">{formatDateTime(d.createdAt)}</td>
            <td className="num cell-nowrap">{money(d.amount, d.currency)}</td>
            <td>
              <StatusBadge status={d.status} />
            </td>
          </tr>
        ))}
      />
      <LatestTable
        id="player-withdrawals"
        title={t("player.latestWithdrawals")}
        link={`/withdrawals?status=all&q=${id}`}
        head={[
          t("player.id"),
          t("player.time"),
          t("player.amount"),
          t("player.status"),
          t("player.reference"),
        ]}
        columns={5}
        rows={(withdrawals.data?.items ?? []).map((w) => (
          <tr key={w.id}>
            <td>W{w.id}</td>
            <td className="cell-nowrap">{formatDateTime(w.createdAt)}</td>
            <td className="num cell-nowrap">{money(w.amount, w.currency)}</td>
            <td>
              <StatusBadge status={w.status} />
            </td>
            <td>{w.payoutReference ?? none}</td>
          </tr>
        ))}
      />
      <LatestTable
        id="player-rounds"
        title={t("player.latestRounds")}
        link={`/players/${id}/wallet`}
        head={[t("player.game"), t("player.time"), t("player.bet"), t("player.win"), t("player.status")]}
        columns={5}
        rows={(rounds.data?.items ?? []).map((r) => (
          <tr key={`${r.vassalage}-${r.roundId}`}>
            <td>{r.gameName ?? r.gameCode ?? r.vassalage}</td>
            <td className="cell-nowrap">{formatDateTime(r.time)}</td>
            <td className="num cell-nowrap">{money(r.bet)}</td>
            <td className="num cell-nowrap">{money(r.win)}</td>
            <td>{roundStatusLabel(r.status)}</td>
          </tr>
        ))}
      />
    </div>
  );
}

export function NotesSection({ id, canWrite }: { id: number; canWrite: boolean }) {
  const t = useT();
  const notes = usePlayerNotes(id);
  const add = useAddNote(id);
  const fieldId = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = NoteInput.safeParse({ body: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t("player.checkNote"));
      return;
    }
    setError(null);
    add.mutate(parsed.data.body, {
      onSuccess: () => {
        setText("");
        toast.success(t("player.noteSaved"));
      },
    });
  };
  return (
    <Section
      id="player-notes"
      title={t("player.notes")}
      aside={<span className="muted">{notes.data?.length ?? 0}</span>}
    >
      {canWrite && (
        <form className="panel form-stack" onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={fieldId} className="field-label">
              {t("player.newNote")}
            </label>
            <textarea
              id={fieldId}
              className="input textarea"
              rows={3}
              maxLength={2000}
              value={text}
              aria-invalid={error ? true : undefined}
              data-testid="player-note-input"
              onChange={(e) => setText(e.target.value)}
            />
            {error && (
              <p className="field-error" role="alert">
                {error}
              </p>
            )}
          </div>
          <div>
            <button
              type="submit"
              className="btn btn--primary"
              disabled={add.isPending}
              data-testid="player-note-add"
            >
              {add.isPending ? t("player.saving") : t("player.addNote")}
            </button>
          </div>
        </form>
      )}
      <ul className="note-list" data-testid="player-note-list">
        {notes.data?.length === 0 && <li className="muted">{t("player.noNotes")}</li>}
        {notes.data?.map((n) => (
          <li key={n.id} className="panel note" data-testid="player-note">
            <p className="cell-text note-body">{n.body}</p>
            <p className="muted">
              {n.operatorName} · {formatDateTime(n.createdAt)}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
