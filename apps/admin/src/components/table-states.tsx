import type { ReactNode } from "react";

/** Grey placeholder rows while a table loads, so the layout does not jump. */
export function SkeletonRows({ columns, rows = 6 }: { columns: number; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
        <tr key={r} className="skeleton-row">
          {Array.from({ length: columns }, (_, c) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
            <td key={c}>
              <span
                className="skeleton"
                aria-hidden="true"
                style={{ width: `${45 + ((r * 7 + c * 13) % 45)}%` }}
              />
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}

/** The row a table shows when it has nothing to list. */
export function EmptyRow({
  columns,
  title,
  children,
}: {
  columns: number;
  title: string;
  children?: ReactNode;
}) {
  return (
    <tr className="empty-row">
      <td colSpan={columns}>
        <div className="empty-state">
          <p className="empty-state-title">{title}</p>
          {children}
        </div>
      </td>
    </tr>
  );
}

/** A failed load inside a table, with a retry. */
export function ErrorRow({ columns, onRetry }: { columns: number; onRetry: () => void }) {
  return (
    <tr className="empty-row">
      <td colSpan={columns}>
        <div className="empty-state">
          <p className="empty-state-title">This list could not be loaded.</p>
          <button type="button" className="btn btn--sm" onClick={onRetry}>
            Try again
          </button>
        </div>
      </td>
    </tr>
  );
}

export function StatusPill({
  on,
  onLabel = "On",
  offLabel = "Off",
}: {
  on: boolean;
  onLabel?: string;
  offLabel?: string;
}) {
  return <span className={`pill ${on ? "pill--on" : "pill--off"}`}>{on ? onLabel : offLabel}</span>;
}
