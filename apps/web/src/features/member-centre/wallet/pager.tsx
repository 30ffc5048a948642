import "../../i18n/texts/wallet.ts";
import { useTranslation } from "react-i18next";

/** Previous / next through a list the platform pages, with where the player is. */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (props.total <= props.pageSize && props.page === 1) return null;
  return (
    <nav className="wallet-pager" aria-label={t("common.pagination")} data-testid={props.testId}>
      <button
        type="button"
        className="pager-btn"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
        data-testid={`${props.testId}-prev`}
      >
        {t("common.previous")}
      </button>
      <span className="muted" data-testid={`${props.testId}-at`}>
        {t("wallet.pageOf", { page: props.page, pages })}
      </span>
      <button
        type="button"
        className="pager-btn"
        disabled={props.page >= pages}
        onClick={() => props.onPage(props.page + 1)}
        data-testid={`${props.testId}-next`}
      >
        {t("common.next")}
      </button>
    </nav>
  );
}
