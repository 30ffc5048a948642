import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMinor } from "../../lib/format.ts";
import { useStatus } from "../system/system-api.ts";
import { JACKPOT_TICK_MS, jackpotMinorAt } from "./jackpot.ts";

/** The jackpot figure, moving on at each 3-second step of the clock. */
export function JackpotCounter() {
  const { t } = useTranslation();
  const { data: status } = useStatus();
  const [minor, setMinor] = useState(() => jackpotMinorAt(Date.now()));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const schedule = () => {
      // Wake at the next step boundary, so every visitor's figure changes together.
      const wait = JACKPOT_TICK_MS - (Date.now() % JACKPOT_TICK_MS) + 20;
      timer = setTimeout(() => {
        setMinor(jackpotMinorAt(Date.now()));
        schedule();
      }, wait);
    };
    schedule();
    return () => clearTimeout(timer);
  }, []);

  const symbol = status?.brand.currencySymbol ?? "₱";
  return (
    <section className="jackpot card" aria-labelledby="jackpot-title">
      <h2 id="jackpot-title" className="jackpot-title">
        {t("home.jackpot")}
      </h2>
      <p className="jackpot-amount">
        <output data-testid="jackpot-counter" key={minor} className="jackpot-value">
          {symbol} {formatMinor(minor)}
        </output>
      </p>
      <p className="jackpot-note">{t("home.jackpotNote")}</p>
    </section>
  );
}
