import { GameCategories, type GameCategory } from "@panalo/contracts/content";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { z } from "zod";
import { EmptyRow, ErrorRow, SkeletonRows } from "../../components/table-states.tsx";
import { api } from "../../lib/api.ts";
import { useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";

const Category = z.object({
  code: z.enum(GameCategories),
  position: z.number(),
  shown: z.boolean(),
  vendors: z.number(),
});
type Category = z.infer<typeof Category>;
const key = ["games", "categories"] as const;

/** What each category is called in the site's nav, in the operator's language. */
const categoryName = (t: ReturnType<typeof useT>, code: GameCategory) => t(`nav.cat.${code}`);

const COLUMNS = 4;

/** The site's header nav: the categories' order and which are shown. */
export function NavOrderPanel({ canWrite }: { canWrite: boolean }) {
  const t = useT();
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
      toast.success(t("nav.saved"));
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
        {t("nav.title")}
      </h2>
      <p className="muted">{t("nav.help")}</p>
      <div className="table-wrap">
        <table className="table" aria-busy={list.isPending}>
          <thead>
            <tr>
              <th scope="col">{t("nav.category")}</th>
              <th scope="col" className="num">
                {t("nav.vendorsOn")}
              </th>
              <th scope="col">{t("nav.shown")}</th>
              <th scope="col" className="actions">
                <span className="visually-hidden">{t("nav.order")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.isPending && <SkeletonRows columns={COLUMNS} rows={4} />}
            {list.isError && <ErrorRow columns={COLUMNS} onRetry={() => list.refetch()} />}
            {list.data?.length === 0 && <EmptyRow columns={COLUMNS} title={t("nav.empty")} />}
            {rows.map((c, i) => (
              <tr key={c.code} data-testid={`nav-row-${c.code}`}>
                <td>
                  {categoryName(t, c.code)} <span className="muted">{c.code}</span>
                </td>
                <td className="num">{c.vendors}</td>
                <td>
                  <input
                    type="checkbox"
                    className="checkbox"
                    checked={c.shown}
                    disabled={!canWrite}
                    onChange={() => toggle(i)}
                    aria-label={t("nav.showIn", { name: categoryName(t, c.code) })}
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
                        aria-label={t("nav.up", { name: categoryName(t, c.code) })}
                        data-testid={`nav-up-${c.code}`}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn--sm"
                        disabled={i === rows.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={t("nav.down", { name: categoryName(t, c.code) })}
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
            {draft ? t("nav.unsaved") : t("nav.allSaved")}
          </span>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!draft || save.isPending}
            onClick={() => draft && save.mutate(draft)}
            data-testid="nav-save"
          >
            {save.isPending ? t("nav.saving") : t("nav.save")}
          </button>
        </div>
      )}
    </section>
  );
}
