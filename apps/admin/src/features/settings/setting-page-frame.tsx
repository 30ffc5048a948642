import type { ReactNode } from "react";

/** Skeleton while a setting loads, a retry when it fails, the form once it is here. */
export function SettingLoader<T>({
  query,
  children,
}: {
  query: { data: T | undefined; isError: boolean; refetch: () => unknown };
  children: (value: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    return (
      <div className="panel empty-state" role="alert">
        <p className="empty-state-title">This setting could not be loaded.</p>
        <button type="button" className="btn btn--sm" onClick={() => query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="panel form-skeleton" role="status" aria-label="Loading">
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
  if (!canWrite) return null;
  return (
    <div className="save-bar">
      <span className="muted" aria-live="polite">
        {dirty ? "Unsaved changes" : "All changes saved"}
      </span>
      <button type="submit" className="btn btn--primary" data-testid={testId} disabled={saving}>
        {saving ? "Saving…" : "Save"}
      </button>
    </div>
  );
}
