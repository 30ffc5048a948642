import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { EmptyState } from "../../components/empty-state.tsx";
import { SafeHtml } from "../../components/safe-html.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useHelpCenter } from "../../features/help/help-api.ts";
import "./help.css";

/**
 * The help centre (spec §2 /help, /helpmc): the categories down the side, the chosen
 * category's articles as open-and-close sections. #help-{id} in the address chooses one.
 */
export function HelpCenter() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useHelpCenter();
  const { hash } = useLocation();
  const picked = /^#help-(\d+)$/.exec(hash);
  const chosen = picked ? Number(picked[1]) : null;

  if (isPending) return <Skeleton lines={8} />;
  if (isError) {
    return (
      <div className="load-failed compact" role="alert">
        <p>{t("errors.network")}</p>
        <button type="button" className="btn btn-primary" onClick={() => refetch()}>
          {t("common.retry")}
        </button>
      </div>
    );
  }
  const categories = data ?? [];
  if (categories.length === 0) return <EmptyState icon="search" title={t("help.empty")} />;
  const current = categories.find((c) => c.id === chosen) ?? categories[0];
  if (!current) return null;
  return (
    <div className="help-center">
      <nav className="help-cats" aria-label={t("help.categories")}>
        <ul>
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={`#help-${c.id}`}
                className={c.id === current.id ? "help-cat is-current" : "help-cat"}
                aria-current={c.id === current.id ? "true" : undefined}
                data-testid={`help-cat-${c.id}`}
              >
                {c.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="help-articles" aria-labelledby="help-current">
        <h2 id="help-current">{current.title}</h2>
        {current.articles.length === 0 && <p className="muted">{t("help.noArticles")}</p>}
        {current.articles.map((a, i) => (
          <details
            key={a.id}
            className="help-article card"
            open={i === 0}
            data-testid={`help-article-${a.id}`}
          >
            <summary>{a.title}</summary>
            <SafeHtml html={a.content} externalLinks />
          </details>
        ))}
      </section>
    </div>
  );
}
