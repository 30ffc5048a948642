import { useSearchParams } from "react-router";

/**
 * A list's status filter and page, kept in the address so a reload or Back shows the same rows.
 * The default status (the queue's work: "pending") is left out of the address.
 */
export function useListParams<S extends string>(statuses: readonly S[], fallback: S | "") {
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status: S | "" = raw === "all" ? "" : (statuses.find((s) => s === raw) ?? fallback);
  const page = Math.max(1, Math.floor(Number(params.get("page"))) || 1);
  const set = (next: { status?: S | ""; page?: number }) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.status !== undefined) {
          if (next.status === fallback) out.delete("status");
          else out.set("status", next.status || "all");
        }
        const nextPage = next.page ?? 1; // a new filter starts from its first page
        if (nextPage > 1) out.set("page", String(nextPage));
        else out.delete("page");
        return out;
      },
      { replace: true },
    );
  return { status, page, set };
}
