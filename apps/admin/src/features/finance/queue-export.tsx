import { useSearchParams } from "react-router";
import { exportHref } from "../../lib/csv.ts";
import { useT } from "../../lib/i18n.ts";

/** A queue's range of Manila days (`from`, `to` in the address; empty: open). */
export function useQueueDates() {
  const [params, setParams] = useSearchParams();
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const set = (name: "from" | "to", value: string) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (value) out.set(name, value);
        else out.delete(name);
        out.delete("page"); // a new range starts from its first page
        return out;
      },
      { replace: true },
    );
  return { from, to, set };
}

/** A list's member filter (`memberId` in the address, digits; empty: every member). */
export function useMemberFilter() {
  const [params, setParams] = useSearchParams();
  const memberId = params.get("memberId")?.replace(/\D/g, "") ?? "";
  const set = (value: string) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        const digits = value.replace(/\D/g, "");
        if (digits) out.set("memberId", digits);
        else out.delete("memberId");
        out.delete("page"); // another member starts from the first page
        return out;
      },
      { replace: true },
    );
  return { memberId, set };
}

/** The player ID box above a list (digits only), applied as the operator types. */
export function MemberIdFilter(props: { filter: ReturnType<typeof useMemberFilter>; testId: string }) {
  const t = useT();
  return (
    <label>
      {t("list.playerId")}{" "}
      <input
        className="input input--auto"
        inputMode="numeric"
        size={8}
        value={props.filter.memberId}
        onChange={(e) => props.filter.set(e.currentTarget.value)}
        data-testid={props.testId}
      />
    </label>
  );
}

/**
 * The day range and the CSV export of a queue: the file holds every row of the filters shown
 * (status, search, member, days), streamed by the server, not only the page on screen.
 */
export function QueueDatesAndExport(props: {
  path: "/deposits" | "/withdrawals" | "/win-reviews" | "/adjustments";
  dates: ReturnType<typeof useQueueDates>;
  filters: Record<string, string | number | undefined>;
  testId: string;
}) {
  const t = useT();
  const { dates } = props;
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...props.filters, from: dates.from, to: dates.to })) {
    if (v !== undefined && v !== "") search.set(k, String(v));
  }
  return (
    <>
      <label>
        {t("list.from")}{" "}
        <input
          type="date"
          className="input input--auto"
          value={dates.from}
          onChange={(e) => dates.set("from", e.currentTarget.value)}
          data-testid={`${props.testId}-from`}
        />
      </label>
      <label>
        {t("list.to")}{" "}
        <input
          type="date"
          className="input input--auto"
          value={dates.to}
          onChange={(e) => dates.set("to", e.currentTarget.value)}
          data-testid={`${props.testId}-to`}
        />
      </label>
      <a
        className="btn btn--sm"
        href={exportHref(props.path, search.toString())}
        download
        data-testid={`${props.testId}-export`}
      >
        {t("list.exportCsv")}
      </a>
    </>
  );
}
