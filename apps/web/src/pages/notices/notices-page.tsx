import type { AnnouncementType } from "@panalo/contracts/content";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTitle } from "../../components/page-title.tsx";
import { SafeHtml } from "../../components/safe-html.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { openNoticeModal } from "../../features/notices/notice-modal-store.ts";
import { useAnnouncements } from "../../features/notices/notices-api.ts";
import { formatDate } from "../../lib/format.ts";
import "../shared/pages.css";

/** Every kind of announcement in force (spec §7 announcement types). */
const ALL_TYPES: readonly AnnouncementType[] = ["B", "PL", "PU", "PR", "H"];

/** spec §2 /noticePage: every notice, its title and its (sanitised) HTML. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useAnnouncements(ALL_TYPES);
  return (
    <div className="page container" data-testid="page-notices">
      <PageTitle title={t("title.notices")} lead={t("lead.notices")}>
        <button type="button" className="btn btn-outline" onClick={() => openNoticeModal(null)}>
          {t("notices.openModal")}
        </button>
      </PageTitle>
      {isPending && <Skeleton lines={6} />}
      {isError && (
        <div className="load-failed compact" role="alert">
          <p>{t("errors.network")}</p>
          <button type="button" className="btn btn-primary" onClick={() => refetch()}>
            {t("common.retry")}
          </button>
        </div>
      )}
      {data?.length === 0 && <EmptyState icon="bell" title={t("notices.none")} />}
      {data && data.length > 0 && (
        <ol className="notice-cards">
          {data.map((n) => (
            <li key={n.id}>
              <article
                className="card notice-card"
                data-testid={`notice-card-${n.id}`}
                aria-labelledby={`nc-${n.id}`}
              >
                <header className="notice-card-head">
                  <span className={`notice-type type-${n.type}`}>{t(`notices.type.${n.type}`)}</span>
                  <h2 id={`nc-${n.id}`}>{n.title}</h2>
                  <time dateTime={n.publishedAt} className="notice-date">
                    {formatDate(n.publishedAt, document.documentElement.lang)}
                  </time>
                </header>
                <SafeHtml html={n.content} externalLinks={n.external} />
              </article>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
