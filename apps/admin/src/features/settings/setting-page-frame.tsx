import type { ReactNode } from "react";
import { useT } from "../../lib/i18n.ts";

/** Skeleton while a setting loads, a retry when it fails, the form once it is here. */
export function SettingLoader<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  children: (value: T) => ReactNode;
}) {
  const t = useT();
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">{t("settings.loadFailed")}</p>
        <button type="button" className="btn btn--sm" onClick={() => query.refetch()}>
          {t("table.retry")}
        </button>
      </div>
    );
  }
  return (
    <div className="panel form-skeleton" role="status" aria-label={t("settings.loading")}>
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--input" />
      <span className="skeleton skeleton--line" />
      <span className="skeleton skeleton--input" />
      <span className="skeleton skeleton--block" />
    </div>
  );
}

/** The save row under a settings form. */
export function SaveBar({
  saving,
  dirty,
  canWrite,
  testId,
}: {
  saving: boolean;
  dirty: boolean;
  canWrite: boolean;
  testId?: string;
}) {
  const t = useT();
  if (!canWrite) return null;
  return (
    <div className="save-bar">
      <span className="muted" aria-live="polite">
        {dirty ? t("nav.unsaved") : t("nav.allSaved")}
      </span>
      <button type="submit" className="btn btn--primary" data-testid={testId} disabled={saving}>
        {saving ? t("common.saving") : t("common.save")}
      </button>
    </div>
  );
}
