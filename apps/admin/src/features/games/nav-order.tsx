import { GameCategories, type GameCategory } from "@panalo/contracts/content";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";
import { toast } from "../../lib/toast-store.ts";

const Category = z.object({
  code: z.enum(GameCategories),
  position: z.number(),
  shown: z.boolean(),
  vendors: z.number(),
});
type Category = z.infer<typeof Category>;
const key = ["games", "categories"] as const;

/** What each category is called in the site's nav (English). */
const CATEGORY_NAMES: Record<GameCategory, string> = {
  RNG: "Slots",
  LIVE: "Live casino",
  SPORTS: "Sports",
  COCKFIGHT: "Cockfight",
  LOTT: "Lottery",
  ESPORTS: "E-sports",
  ELOTT: "E-lottery",
  FISH: "Fishing",
  PVP: "Card games",
  BINGO: "Bingo",
};

const COLUMNS = 4;

/** The site's header nav: the categories' order and which are shown. */
export function NavOrderPanel({ canWrite }: { canWrite: boolean }) {
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get("/games/categories", z.array(Category), signal),
  });
  const [draft, setDraft] = useState<Category[] | null>(null);
  const rows = draft ?? list.data ?? [];
  const save = useMutation({
    mutationFn: (order: Category[]) =>
      api.put(
        "/games/categories",
        { order: order.map((c) => ({ code: c.code, shown: c.shown })) },
        z.array(Category),
      ),
    onSuccess: (saved) => {
      qc.setQueryData(key, saved);
      setDraft(null);
      toast.success("Saved the site's navigation.");
    },
  });
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    const [item] = next.splice(i, 1);
    if (!item) return;
    next.splice(i + by, 0, item);
    setDraft(next);
  };
  const toggle = (i: number) => setDraft(rows.map((c, j) => (j === i ? { ...c, shown: !c.shown } : c)));
  return (
    <section className="panel section" aria-labelledby="nav-order-heading" data-testid="nav-order">
      <h2 id="nav-order-heading" className="subheading">
        Site navigation
      </h2>
      <p className="muted">
        The order of the game categories in the site's menu. A category shows only when it is on here and has
        a vendor switched on.
      </p>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col" className="num">
                Vendors on
              </th>
              <th scope="col">Shown</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">Order</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} rows={4} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data?.length === 0 && <EmptyRow columns={COLUMNS} title="No categories." />}
            {rows.map((c, i) => (
              <tr key={c.code} data-testid={`nav-row-${c.code}`}>
                <td>
                  {CATEGORY_NAMES[c.code]} <span className="muted">{c.code}</span>
                </td>
                <td className="num">{c.vendors}</td>
                <td>
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={c.shown}
                    disabled={!canWrite}
                    onChange={() => toggle(i)}
                    aria-label={`Show ${CATEGORY_NAMES[c.code]} in the menu`}
                    data-testid={`nav-shown-${c.code}`}
                  />
                </td>
                <td className="actions">
                  {canWrite && (
                    <>
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={`Move ${CATEGORY_NAMES[c.code]} up`}
                        data-testid={`nav-up-${c.code}`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={`Move ${CATEGORY_NAMES[c.code]} down`}
                      >
                        ↓
                      </button>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canWrite && (
        <div className="save-bar">
          <span className="muted" aria-live="polite">
            {draft ? "Unsaved changes" : "All changes saved"}
          </span>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!draft || save.isPending}
            onClick={() => draft && save.mutate(draft)}
            data-testid="nav-save"
          >
            {save.isPending ? "Saving…" : "Save navigation"}
          </button>
        </div>
      )}
    </section>
  );
}
