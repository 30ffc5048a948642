import { useT } from "../lib/i18n.ts";

/**
 * A report's period: "From" and "To" date inputs (inclusive Manila days, as the hint under
 * them says). The report pages keep the dates in their own state and query with them.
 */
export function ManilaPeriod({
  from,
  to,
  setFrom,
  setTo,
}: {
  from: string;
  to: string;
  setFrom: (v: string) => void;
  setTo: (v: string) => void;
}) {
  const t = useT();
  return (
    <>
      <label>
        {t("filter.from")} <input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
      </label>{" "}
      <label>
        {t("filter.to")} <input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </label>
      <p className="field-hint">{t("time.manilaDays")}</p>
    </>
  );
}
