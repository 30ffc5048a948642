import { t as text, useT } from "../lib/i18n.ts";

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark, e.g. "Player pages". */
  label: string;
  previousLabel?: string;
  nextLabel?: string;
}

/** Previous and next page of a list the server pages; page numbers start at 1. */
export function Pager({ page, pageSize, total, onPage, label, previousLabel, nextLabel }: PagerProps) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="btn btn--sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel ?? t("list.previous")}
      </button>
      <span>{t("common.pager.page", { page, pages })}</span>
      <button type="button" className="btn btn--sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel ?? t("list.next")}
      </button>
    </nav>
  );
}

/** "26–50 of 120" for the toolbar. */
export function rangeText(page: number, pageSize: number, total: number): string {
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return text("common.pager.range", { first, last, total });
}
