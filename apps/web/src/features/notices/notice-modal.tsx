import type { AnnouncementType, Notice } from "@panalo/contracts/content";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../components/modal.tsx";
import { SafeHtml } from "../../components/safe-html.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { formatDate } from "../../lib/format.ts";
import { closeNoticeModal, useNoticeModal } from "./notice-modal-store.ts";
import { useAnnouncements } from "./notices-api.ts";

/** spec §2 notice popup and §9: nine notices a page. */
const NOTICES_PER_PAGE = 9;
/** Bulletins and home notices. */
const MODAL_TYPES: readonly AnnouncementType[] = ["B", "H"];

/**
 * The notice modal (spec §2 "Modals"): closes on an outside click; lists notices nine a page
 * as titles that open into their HTML; choosing the open one again closes it; changing page
 * opens the first notice of the new page. Loaded on first use, with DOMPurify.
 */
export default function NoticeModal() {
  const { t } = useTranslation();
  const focusId = useNoticeModal((s) => s.focusId);
  const { data, isPending, isError, refetch } = useAnnouncements(MODAL_TYPES);
  return (
    <Modal onClose={closeNoticeModal} title={t("notices.title")} size="wide" testId="notice-modal">
      {isPending && <Skeleton lines={6} className="notice-skeleton" />}
      {isError && (
        <div className="load-failed compact" role="alert">
          <p>{t("errors.network")}</p>
          <button type="button" className="btn btn-primary" onClick={() => refetch()}>
            {t("common.retry")}
          </button>
        </div>
      )}
      {data && data.length === 0 && <p className="muted">{t("notices.none")}</p>}
      {data && data.length > 0 && <NoticePager notices={data} focusId={focusId} />}
    </Modal>
  );
}

function pageOf(notices: readonly Notice[], id: number | null): number {
  const at = id === null ? -1 : notices.findIndex((n) => n.id === id);
  return at < 0 ? 1 : Math.floor(at / NOTICES_PER_PAGE) + 1;
}

function NoticePager({ notices, focusId }: { notices: readonly Notice[]; focusId: number | null }) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(notices.length / NOTICES_PER_PAGE));
  const [page, setPage] = useState(() => pageOf(notices, focusId));
  const [openId, setOpenId] = useState<number | null>(() =>
    focusId !== null && notices.some((n) => n.id === focusId) ? focusId : (notices[0]?.id ?? null),
  );
  const list = useRef<HTMLUListElement>(null);
  const shown = notices.slice((page - 1) * NOTICES_PER_PAGE, page * NOTICES_PER_PAGE);

  // Bring the notice that was clicked in the bar into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only once, for the notice the modal opened at
  useEffect(() => {
    if (openId === null) return;
    list.current
      ?.querySelector(`[data-testid="notice-item-${openId}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }, []);

  const goTo = (p: number) => {
    const next = Math.min(Math.max(1, p), pages);
    setPage(next);
    setOpenId(notices[(next - 1) * NOTICES_PER_PAGE]?.id ?? null);
  };

  return (
    <div className="notice-pager">
      <ul className="notice-list" ref={list}>
        {shown.map((n) => {
          const open = n.id === openId;
          return (
            <li key={n.id} className={open ? "notice-entry is-open" : "notice-entry"}>
              <h3 className="notice-heading">
                <button
                  type="button"
                  className="notice-toggle"
                  id={`notice-title-${n.id}`}
                  data-testid={`notice-item-${n.id}`}
                  aria-expanded={open}
                  aria-controls={`notice-body-${n.id}`}
                  onClick={() => setOpenId(open ? null : n.id)}
                >
                  <span className={`notice-type type-${n.type}`}>{t(`notices.type.${n.type}`)}</span>
                  <span className="notice-title">{n.title}</span>
                  <time className="notice-date" dateTime={n.publishedAt}>
                    {formatDate(n.publishedAt, document.documentElement.lang || i18n.language)}
                  </time>
                  <span className="chevron" aria-hidden="true" />
                </button>
              </h3>
              {open && (
                <section
                  id={`notice-body-${n.id}`}
                  aria-labelledby={`notice-title-${n.id}`}
                  className="notice-body"
                >
                  <SafeHtml html={n.content} externalLinks={n.external} />
                </section>
              )}
            </li>
          );
        })}
      </ul>
      {/* Shown even for one page, so the list always has the same frame. */}
      {pages > 0 && (
        <nav className="pager" aria-label={t("common.pagination")}>
          <button type="button" className="pager-btn" onClick={() => goTo(page - 1)} disabled={page === 1}>
            <span aria-hidden="true">‹</span>
            <span className="sr-only">{t("common.previous")}</span>
          </button>
          {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
            <button
              key={p}
              type="button"
              className={p === page ? "pager-btn is-current" : "pager-btn"}
              aria-current={p === page ? "page" : undefined}
              data-testid={`notice-page-${p}`}
              onClick={() => goTo(p)}
            >
              {p}
            </button>
          ))}
          <button
            type="button"
            className="pager-btn"
            onClick={() => goTo(page + 1)}
            disabled={page === pages}
          >
            <span aria-hidden="true">›</span>
            <span className="sr-only">{t("common.next")}</span>
          </button>
        </nav>
      )}
    </div>
  );
}
