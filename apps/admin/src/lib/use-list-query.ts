import { listSearch, type SortDirection } from "@panalo/contracts/list-query";
import { useSearchParams } from "react-router";

/**
 * A server-paged list's query (the shared shape of packages/contracts/src/list-query.ts) kept
 * in the address: page, sort, direction and the list's filters, so a reload, Back or a link
 * shows the same rows. A new filter or order starts again from page 1. `search` is the query
 * string the server reads (the list call and its CSV export use the same one).
 */
export function useListQuery<F extends string>(spec: {
  filters: readonly F[];
  defaultSort: string;
  defaultDirection: SortDirection;
  pageSize?: number;
}) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const sort = params.get("sort") || spec.defaultSort;
  const direction: SortDirection =
    params.get("direction") === "asc" || params.get("direction") === "desc"
      ? (params.get("direction") as SortDirection)
      : spec.defaultDirection;
  const filters = Object.fromEntries(spec.filters.map((f) => [f, params.get(f) ?? ""])) as Record<F, string>;
  const pageSize = spec.pageSize ?? 50;
  const search = listSearch({ page, pageSize, sort, direction, filters });

  const update = (change: (out: URLSearchParams) => void) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        change(out);
        return out;
      },
      { replace: true },
    );
  return {
    page,
    pageSize,
    sort,
    direction,
    filters,
    search,
    setPage: (n: number) =>
      update((out) => {
        if (n > 1) out.set("page", String(n));
        else out.delete("page");
      }),
    setFilter: (name: F, value: string) =>
      update((out) => {
        if (value) out.set(name, value);
        else out.delete(name);
        out.delete("page");
      }),
    /** A header click: the same column flips its direction, another starts ascending. */
    toggleSort: (key: string) =>
      update((out) => {
        const next = key === sort && direction === "asc" ? "desc" : "asc";
        out.set("sort", key);
        out.set("direction", next);
        out.delete("page");
      }),
  };
}
