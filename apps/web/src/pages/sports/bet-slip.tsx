import "../../features/i18n/texts/sports.ts";
import type { SportsBet } from "@panalo/contracts/sports";
import {
  NAMED_SYSTEMS,
  potentialReturn,
  systemDef,
  systemLines,
  systemPotential,
} from "@panalo/game-math/sportsbook/bets";
import { formatOdds } from "@panalo/game-math/sportsbook/odds";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { openLogin } from "../../features/account/account-ui.ts";
import { MEMBER_QUERY_ROOT, useSession } from "../../features/session/session-store.ts";
import { type OddsPolicy, type SlipMode, useOddsFormat, useSlip } from "../../features/sports/slip-store.ts";
import { livePrice, notePrices, placeBet, useLiveVersion } from "../../features/sports/sports-api.ts";
import { ApiError } from "../../lib/api.ts";
import { formatMinor } from "../../lib/format.ts";

const toMinor = (text: string): bigint | null => {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1] ?? "0") * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
};
const minorText = (v: bigint) => `${v / 100n}.${(v % 100n).toString().padStart(2, "0")}`;

/**
 * The bet slip: singles (one bet per selection), a parlay, or a system bet;
 * the stake and the potential return; a price that moved while the slip is open is shown with
 * its new value and, under the "ask" policy, must be accepted before placing. A bet the book
 * refuses over its prices (moved, or under the floor) brings the prices of now into the slip:
 * the player accepts the new ones or removes a pick that is not on sale.
 *
 * Under 1024 px the slip floats: a button with the count of picks at the bottom of the screen
 * opens it over the page as a sheet (a dialog), closed by its button, Escape or the cover.
 */
export function BetSlip() {
  const { t } = useTranslation();
  const n = useSlip((s) => s.items.length);
  const [open, setOpen] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  const fab = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);
  const hide = () => {
    setOpen(false);
    fab.current?.focus();
  };
  return (
    <>
      {n > 0 && !open ? (
        <button
          ref={fab}
          type="button"
          className="sb-slip-fab btn btn-gold"
          aria-label={t("sports.openSlip", { count: n })}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          data-testid="slip-fab"
        >
          {t("sports.slip")} <span className="sb-count">{n}</span>
        </button>
      ) : null}
      {open ? <div className="sb-sheet-cover" onClick={hide} aria-hidden="true" /> : null}
      <div
        className={`sb-sheet${open ? " is-open" : ""}`}
        {...(open ? { role: "dialog", "aria-modal": true, "aria-labelledby": "slip-title" } : {})}
        data-testid="slip-sheet"
      >
        {open ? (
          <button
            ref={close}
            type="button"
            className="sb-sheet-close icon-btn"
            aria-label={t("sports.closeSlip")}
            onClick={hide}
            data-testid="slip-close"
          >
            ×
          </button>
        ) : null}
        <SlipBody />
      </div>
    </>
  );
}

function SlipBody() {
  useLiveVersion();
  const { t } = useTranslation();
  const slip = useSlip();
  const format = useOddsFormat((s) => s.format);
  const token = useSession((s) => s.token);
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const now = slip.items.map((i) => livePrice(i.outcomeId)?.odds ?? i.odds);
  // A pick whose price is not on sale now (suspended, or under the book's floor): removed
  // before the slip can be placed.
  const dead = slip.items.map((i) => livePrice(i.outcomeId)?.active === false);
  const changed = slip.items.some((i, k) => now[k] !== i.odds && !dead[k]);
  const stake = toMinor(slip.stake);
  const n = slip.items.length;
  const systems = [
    ...NAMED_SYSTEMS.filter((s) => s.selections === n).map((s) => s.code),
    ...Array.from({ length: Math.max(0, n - 2) }, (_, k) => `${k + 2}/${n}`),
  ];
  const def = slip.mode === "system" ? systemDef(slip.systemCode) : undefined;
  const odds = slip.items.map((i) => i.odds);
  const lines = slip.mode === "single" ? n : slip.mode === "parlay" ? 1 : def ? systemLines(def).length : 0;
  const potential =
    stake === null || n === 0
      ? null
      : slip.mode === "single"
        ? odds.reduce((s, o) => s + potentialReturn(stake, [o]), 0n)
        : slip.mode === "parlay"
          ? potentialReturn(stake, odds)
          : def && def.selections === n
            ? systemPotential(def, stake, odds)
            : null;

  const place = async () => {
    if (!token) {
      openLogin();
      return;
    }
    if (stake === null || stake <= 0n) return;
    setBusy(true);
    setMessage(null);
    const base = { stake: minorText(stake), oddsPolicy: slip.policy, idempotencyKey: "" };
    const key = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    const placed: SportsBet[] = [];
    try {
      if (slip.mode === "single") {
        for (const i of slip.items) {
          placed.push(
            await placeBet({
              ...base,
              idempotencyKey: key(),
              kind: "single",
              legs: [{ outcomeId: i.outcomeId, odds: i.odds }],
            }),
          );
          // A single taken leaves the slip at once: a later refusal must not place it twice.
          slip.remove(i.outcomeId);
        }
      } else {
        placed.push(
          await placeBet({
            ...base,
            idempotencyKey: key(),
            kind: slip.mode,
            ...(slip.mode === "system" ? { systemCode: slip.systemCode } : {}),
            legs: slip.items.map((i) => ({ outcomeId: i.outcomeId, odds: i.odds })),
          }),
        );
      }
      slip.clear();
      setMessage({ ok: true, text: t("sports.placed", { count: placed.length }) });
      await qc.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT] });
    } catch (err) {
      // A refusal over prices carries each pick's price of now: the slip shows them.
      if (err instanceof ApiError) notePrices(err.odds);
      if (placed.length > 0) await qc.invalidateQueries({ queryKey: [MEMBER_QUERY_ROOT] });
      setMessage({
        ok: false,
        text: err instanceof ApiError && err.message ? err.message : t("sports.placeFailed"),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="sb-slip card" aria-labelledby="slip-title" data-testid="bet-slip">
      <h2 id="slip-title">
        {t("sports.slip")} <span className="sb-count">{n}</span>
      </h2>
      {n === 0 ? <p className="muted">{t("sports.slipEmpty")}</p> : null}
      {n > 0 ? (
        <>
          <div className="sb-modes" role="radiogroup" aria-label={t("sports.betType")}>
            {(["single", "parlay", "system"] as SlipMode[]).map((m) => (
              <label key={m} className={slip.mode === m ? "is-on" : ""}>
                <input
                  type="radio"
                  name="sb-mode"
                  value={m}
                  checked={slip.mode === m}
                  disabled={m !== "single" && n < (m === "parlay" ? 2 : 3)}
                  onChange={() => slip.set({ mode: m })}
                  data-testid={`mode-${m}`}
                />
                {t(`sports.mode.${m}`)}
              </label>
            ))}
          </div>
          {slip.mode === "system" ? (
            <label className="field">
              <span>{t("sports.system")}</span>
              <select
                value={slip.systemCode}
                onChange={(e) => slip.set({ systemCode: e.currentTarget.value })}
                data-testid="system-code"
              >
                {systems.map((c) => (
                  <option key={c} value={c}>
                    {t(`sports.systems.${c.includes("/") ? "kOfN" : c}`, {
                      k: c.split("/")[0],
                      n: c.split("/")[1],
                    })}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <ul className="sb-slip-items">
            {slip.items.map((i, k) => (
              <li key={i.outcomeId} data-testid={`slip-item-${i.outcomeId}`}>
                <div>
                  <strong>{i.outcome}</strong>
                  <div className="muted small">
                    {i.market} · {i.match}
                  </div>
                </div>
                <div className="sb-slip-odds">
                  {dead[k] ? (
                    <span className="sb-changed" data-testid={`slip-dead-${i.outcomeId}`}>
                      <s>{formatOdds(i.odds, format)}</s> {t("sports.notOffered")}
                    </span>
                  ) : now[k] !== i.odds ? (
                    <span className="sb-changed" data-testid={`slip-changed-${i.outcomeId}`}>
                      <s>{formatOdds(i.odds, format)}</s>{" "}
                      <strong data-testid={`slip-now-${i.outcomeId}`} data-odds={now[k]}>
                        {formatOdds(now[k] ?? i.odds, format)}
                      </strong>
                      <span className="sr-only">
                        {t("sports.newOdds", { odds: formatOdds(now[k] ?? i.odds, format) })}
                      </span>
                    </span>
                  ) : (
                    formatOdds(i.odds, format)
                  )}
                  <button
                    type="button"
                    className="sb-remove icon-btn"
                    aria-label={t("sports.remove")}
                    data-testid={`slip-remove-${i.outcomeId}`}
                    onClick={() => slip.remove(i.outcomeId)}
                  >
                    ×
                  </button>
                </div>
              </li>
            ))}
          </ul>
          <label className="field">
            <span>{slip.mode === "parlay" ? t("sports.stake") : t("sports.stakePerBet")}</span>
            <input
              inputMode="decimal"
              value={slip.stake}
              onChange={(e) => slip.set({ stake: e.currentTarget.value })}
              data-testid="slip-stake"
            />
          </label>
          <p className="sb-return">
            {t("sports.totalStake")}:{" "}
            <strong>{stake === null ? "—" : formatMinor(Number(stake * BigInt(lines)))}</strong>
            <br />
            {t("sports.potential")}:{" "}
            <strong data-testid="slip-potential">
              {potential === null ? "—" : formatMinor(Number(potential))}
            </strong>
          </p>
          <label className="field">
            <span>{t("sports.policy")}</span>
            <select
              value={slip.policy}
              onChange={(e) => slip.set({ policy: e.currentTarget.value as OddsPolicy })}
              data-testid="slip-policy"
            >
              {(["none", "higher", "any"] as OddsPolicy[]).map((p) => (
                <option key={p} value={p}>
                  {t(`sports.policies.${p}`)}
                </option>
              ))}
            </select>
          </label>
          {changed ? (
            <button
              type="button"
              className="btn btn-gold"
              data-testid="accept-odds"
              onClick={() => {
                slip.accept(new Map(slip.items.map((i, k) => [i.outcomeId, now[k] ?? i.odds])));
                setMessage(null);
              }}
            >
              {t("sports.acceptOdds")}
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-primary"
            disabled={
              busy ||
              stake === null ||
              potential === null ||
              dead.some(Boolean) ||
              (changed && slip.policy === "none")
            }
            onClick={place}
            data-testid="place-bet"
          >
            {token ? t("sports.place") : t("sports.loginToBet")}
          </button>
        </>
      ) : null}
      {message ? (
        <p
          role={message.ok ? "status" : "alert"}
          className={message.ok ? "sb-ok" : "field-error"}
          data-testid="slip-message"
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
