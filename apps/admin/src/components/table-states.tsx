import type { ReactNode } from "react";
import { useT } from "../lib/i18n.ts";

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
  const t = useT();
  return (
    <tr className="empty-row">
      <td colSpan={columns}>
        <div className="empty-state">
          <p className="empty-state-title">{t("table.error")}</p>
          <button type="button" className="btn btn--sm" onClick={onRetry}>
            {t("table.retry")}
          </button>
        </div>
      </td>
    </tr>
  );
}

export function StatusPill({ on, onLabel, offLabel }: { on: boolean; onLabel?: string; offLabel?: string }) {
  const t = useT();
  return (
    <span className={`pill ${on ? "pill--on" : "pill--off"}`}>
      {on ? (onLabel ?? t("table.on")) : (offLabel ?? t("table.off"))}
    </span>
  );
}
