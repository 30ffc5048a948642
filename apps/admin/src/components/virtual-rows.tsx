import { useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";

/**
 * TanStack Virtual for a queue's own table (its rows are components with their own actions,
 * not DataTable columns): the table sits in a scroll box of bounded height and only the rows in
 * view (and a few around them) are in the page, with a spacer row above and below standing for
 * the rest. Rows keep their natural height: after each render the drawn rows are measured (the
 * n-th drawn row is the n-th visible item), so rows with a second line scroll true.
 */
export function useVirtualRows(count: number, opts: { rowHeight?: number } = {}) {
  const scrollRef = useRef<HTMLElement>(null);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => opts.rowHeight ?? 56,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  useLayoutEffect(() => {
    const drawn = bodyRef.current?.querySelectorAll<HTMLElement>(":scope > tr:not(.spacer-row)") ?? [];
    drawn.forEach((el, i) => {
      const item = items[i];
      if (!item) return;
      el.dataset.index = String(item.index);
      virtualizer.measureElement(el);
    });
  });
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return { scrollRef, bodyRef, indexes: items.map((i) => i.index), top, bottom };
}

/** The scroll box: a labelled, focusable region (keyboard users scroll it). */
export function VirtualScroll(props: {
  rows: { scrollRef: RefObject<HTMLElement | null> };
  label: string;
  maxHeight?: number;
  children: ReactNode;
}) {
  return (
    <section
      ref={props.rows.scrollRef as RefObject<HTMLElement>}
      className="table-wrap data-table"
      style={{ maxHeight: props.maxHeight ?? 640, overflowY: "auto" }}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must take focus to scroll by keyboard
      tabIndex={0}
      aria-label={props.label}
    >
      {props.children}
    </section>
  );
}

/** The spacer standing for the rows above or below the drawn ones. */
export function SpacerRow({ height, columns }: { height: number; columns: number }) {
  if (height <= 0) return null;
  return (
    <tr className="spacer-row">
      <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}
