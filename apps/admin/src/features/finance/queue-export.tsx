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

/**
 * The day range and the CSV export of a queue: the file holds every row of the filters shown
 * (status, search, days), streamed by the server, not only the page on screen.
 */
export function QueueDatesAndExport(props: {
  path: "/deposits" | "/withdrawals" | "/win-reviews";
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
