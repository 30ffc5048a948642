import { parseMoney } from "@panalo/contracts/money-parse";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMinor } from "../../lib/format.ts";
import { useStatus } from "../system/system-api.ts";
import { CounterTrack } from "./count-up.ts";
import { useJackpotPool } from "./jackpot-api.ts";

/**
 * The progressive jackpot's pool (docs/jackpot.md), pushed by the hub on each change (at most
 * once a second), or asked for every few seconds without a socket. After each figure the counter
 * counts up to it and stops there: it never shows more than the last figure received. With
 * reduced motion it simply changes.
 */
export function JackpotCounter() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const { data: pool } = useJackpotPool();
  const target = pool ? Number(parseMoney(pool.amount) ?? 0n) : null;
  const [shown, setShown] = useState<number | null>(target);
  const track = useRef<CounterTrack | null>(null);

  useEffect(() => {
    if (target === null) return;
    track.current ??= new CounterTrack(window.matchMedia?.("(prefers-reduced-motion: reduce)").matches);
    const tr = track.current;
    tr.target(target, performance.now());
    let frame = requestAnimationFrame(function step(now) {
      setShown(tr.at(now));
      if (tr.moving(now)) frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [target]);

  const symbol = status?.brand.currencySymbol ?? "₱";
  return (
    <section className="jackpot card" aria-labelledby="jackpot-title">
      <h2 id="jackpot-title" className="jackpot-title">
        {t("home.jackpot")}
      </h2>
      <p className="jackpot-amount">
        <output
          data-testid="jackpot-counter"
          data-pool={pool?.amount}
          className="jackpot-value"
          aria-live="off"
        >
          {shown === null ? "…" : `${symbol} ${formatMinor(shown)}`}
        </output>
      </p>
      <p className="jackpot-note">{t("home.jackpotNote")}</p>
    </section>
  );
}
