import { useId, useState } from "react";
import { useCanWrite } from "../../app/operator-context.tsx";
import { ConfirmDialog } from "../../components/confirm-dialog.tsx";
import { PageHeader, ReadOnlyNote } from "../../components/page-header.tsx";
import { EmptyRow, ErrorRow, SkeletonRows, StatusPill } from "../../components/table-states.tsx";
import { useCrudDelete, useCrudList } from "../../lib/crud.ts";
import { useAdminLang, useT } from "../../lib/i18n.ts";
import { toast } from "../../lib/toast-store.ts";
import { ArticleEditor, CategoryEditor } from "./help-editors.tsx";
import { articlesResource, categoriesResource, type HelpArticle, type HelpCategory } from "./help-forms.ts";

type Editing =
  | { kind: "category"; item: HelpCategory | null }
  | { kind: "article"; item: HelpArticle | null }
  | null;
type Deleting = { kind: "category"; item: HelpCategory } | { kind: "article"; item: HelpArticle } | null;

export function HelpPage() {
  const t = useT();
  const canWrite = useCanWrite("help");
  const categories = useCrudList(categoriesResource);
  const articles = useCrudList(articlesResource);
  const removeCategory = useCrudDelete(categoriesResource);
  const removeArticle = useCrudDelete(articlesResource);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [categoryId, setCategoryId] = useState(0);
  const filterId = useId();
  // A category is named in the operator's language where it has that title, else in the other.
  const lang = useAdminLang();
  const titleOf = (c: HelpCategory) => (lang === "TY" ? c.title.TY || c.title.EN : c.title.EN || c.title.TY);

  const categoryName = (id: number) => {
    const c = categories.data?.find((x) => x.id === id);
    return c ? titleOf(c) : `#${id}`;
  };
  const articleRows = (articles.data ?? []).filter((a) => !categoryId || a.categoryId === categoryId);
  const countOf = (id: number) => articles.data?.filter((a) => a.categoryId === id).length ?? 0;

  const confirmDelete = () => {
    if (!deleting) return;
    const done = {
      onSuccess: () => {
        toast.success(t("content.deleted"));
        setDeleting(null);
      },
    };
    if (deleting.kind === "category") removeCategory.mutate(deleting.item.id, done);
    else removeArticle.mutate(deleting.item.id, done);
  };

  return (
    <>
      <PageHeader title={t("help.title")} description={t("help.description")} />
      {!canWrite && <ReadOnlyNote />}

      <section className="section" aria-labelledby="help-categories">
        <div className="section-header">
          <h2 id="help-categories">{t("help.categories")}</h2>
          {canWrite && (
            <button
              type="button"
              className="btn btn--sm btn--primary"
              onClick={() => setEditing({ kind: "category", item: null })}
            >
              {t("help.newCategory")}
            </button>
          )}
        </div>
        <div className="table-wrap">
          <table className="table" aria-busy={categories.isPending}>
            <thead>
              <tr>
                <th scope="col">{t("content.titleTY")}</th>
                <th scope="col">{t("content.titleEN")}</th>
                <th scope="col" className="num">
                  {t("help.articles")}
                </th>
                <th scope="col" className="num">
                  {t("content.order")}
                </th>
                <th scope="col">{t("content.enabled")}</th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">{t("content.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {categories.isPending && <SkeletonRows columns={6} rows={4} />}
              {categories.isError && <ErrorRow columns={6} onRetry={() => categories.refetch()} />}
              {categories.data?.length === 0 && <EmptyRow columns={6} title={t("help.noCategories")} />}
              {categories.data?.map((c) => (
                <tr key={c.id} data-testid={`help-category-row-${c.id}`}>
                  <td className="cell-text">{c.title.TY}</td>
                  <td className="cell-text">{c.title.EN}</td>
                  <td className="num">
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setCategoryId(c.id)}
                      aria-label={t("help.showArticles", { n: countOf(c.id), title: c.title.EN })}
                    >
                      {countOf(c.id)}
                    </button>
                  </td>
                  <td className="num">{c.sortOrder}</td>
                  <td>
                    <StatusPill on={c.enabled} />
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn btn--sm"
                      onClick={() => setEditing({ kind: "category", item: c })}
                    >
                      {canWrite ? t("content.edit") : t("content.view")}
                    </button>
                    {canWrite && (
                      <button
                        type="button"
                        className="btn btn--sm btn--danger-ghost"
                        onClick={() => setDeleting({ kind: "category", item: c })}
                      >
                        {t("content.delete")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="section" aria-labelledby="help-articles">
        <div className="section-header">
          <h2 id="help-articles">{t("help.articles")}</h2>
          <div className="toolbar toolbar--inline">
            <label htmlFor={filterId} className="toolbar-label">
              {t("help.category")}
            </label>
            <select
              id={filterId}
              className="input select input--auto"
              value={categoryId}
              onChange={(e) => setCategoryId(Number(e.target.value))}
            >
              <option value={0}>{t("help.allCategories")}</option>
              {categories.data?.map((c) => (
                <option key={c.id} value={c.id}>
                  {titleOf(c)}
                </option>
              ))}
            </select>
            {canWrite && (
              <button
                type="button"
                className="btn btn--sm btn--primary"
                disabled={!categories.data?.length}
                onClick={() => setEditing({ kind: "article", item: null })}
              >
                {t("help.newArticle")}
              </button>
            )}
          </div>
        </div>
        <div className="table-wrap">
          <table className="table" aria-busy={articles.isPending}>
            <thead>
              <tr>
                <th scope="col">{t("help.category")}</th>
                <th scope="col">{t("content.titleTY")}</th>
                <th scope="col">{t("content.titleEN")}</th>
                <th scope="col" className="num">
                  {t("content.order")}
                </th>
                <th scope="col">{t("content.enabled")}</th>
                <th scope="col" className="actions">
                  <span className="visually-hidden">{t("content.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {articles.isPending && <SkeletonRows columns={6} />}
              {articles.isError && <ErrorRow columns={6} onRetry={() => articles.refetch()} />}
              {articles.data && articleRows.length === 0 && (
                <EmptyRow columns={6} title={t("help.noArticles")} />
              )}
              {articleRows.map((a) => (
                <tr key={a.id} data-testid={`help-article-row-${a.id}`}>
                  <td>{categoryName(a.categoryId)}</td>
                  <td className="cell-text">{a.title.TY}</td>
                  <td className="cell-text">{a.title.EN}</td>
                  <td className="num">{a.sortOrder}</td>
                  <td>
                    <StatusPill on={a.enabled} />
                  </td>
                  <td className="actions">
                    <button
                      type="button"
                      className="btn btn--sm"
                      onClick={() => setEditing({ kind: "article", item: a })}
                    >
                      {canWrite ? t("content.edit") : t("content.view")}
                    </button>
                    {canWrite && (
                      <button
                        type="button"
                        className="btn btn--sm btn--danger-ghost"
                        onClick={() => setDeleting({ kind: "article", item: a })}
                      >
                        {t("content.delete")}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      {editing?.kind === "category" && (
        <CategoryEditor
          key={editing.item?.id ?? "new"}
          item={editing.item}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onReloaded={(item) => setEditing({ kind: "category", item })}
        />
      )}
      {editing?.kind === "article" && (
        <ArticleEditor
          key={editing.item?.id ?? "new"}
          item={editing.item}
          categories={categories.data ?? []}
          defaultCategoryId={categoryId}
          readOnly={!canWrite}
          onClose={() => setEditing(null)}
          onReloaded={(item) => setEditing({ kind: "article", item })}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={deleting.kind === "category" ? t("help.deleteCategory") : t("help.deleteArticle")}
          message={
            <p>
              {t("help.deleteText", { title: deleting.item.title.EN })}
              {deleting.kind === "category" && countOf(deleting.item.id) > 0 && t("help.moveFirst")}
            </p>
          }
          confirmLabel={t("content.delete")}
          busy={removeCategory.isPending || removeArticle.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
