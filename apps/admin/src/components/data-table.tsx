import { createColumnHelper, type RowData, tableFeatures, useTable } from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import { Fragment, type ReactNode, useLayoutEffect, useMemo, useRef } from "react";
import { useT } from "../lib/i18n.ts";
import { Pager } from "./pager.tsx";
import { EmptyRow, SkeletonRows } from "./table-states.tsx";

/** One column of a DataTable: its header, its cell, and the server's sort key when it sorts. */
export interface DataColumn<T> {
  id: string;
  header: string;
  cell: (row: T) => ReactNode;
  /** The list query's sort key; a column without one does not sort. */
  sortKey?: string;
  numeric?: boolean;
  /** Classes of the column's header and cells (for example "actions", "cell-nowrap"). */
  className?: string;
  /** The header is read by screen readers only (a column of buttons). */
  hideHeader?: boolean;
}

/** A row's own data attributes (data-status, data-entity, ...), for styles and tests. */
export type RowAttributes = Record<`data-${string}`, string>;

interface DataTableProps<T> {
  rows: readonly T[] | undefined;
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string;
  /** Names the table (its caption, read by screen readers) and its scroll region. */
  caption: string;
  sort?: { key: string; direction: "asc" | "desc" };
  onSort?: (key: string) => void;
  /** The scroll box's height: rows beyond it are not in the page until scrolled to. */
  maxHeight?: number;
  rowHeight?: number;
  testId?: string;
  /** What an empty list says (the list's own words, for example the search that found nothing). */
  empty?: string;
  rowTestId?: (row: T) => string;
  rowData?: (row: T) => RowAttributes;
  /** While the next page or order loads (the rows shown are the previous ones). */
  busy?: boolean;
  /**
   * A row's opened detail (the changes of an audit entry, ...): a full-width row under it, or
   * null while closed. The two are measured as one item of the scroller.
   */
  detail?: (row: T) => ReactNode;
  /** The detail row's id (the button that opens it names it in aria-controls). */
  detailId?: (row: T) => string;
}

const features = tableFeatures({});

/**
 * A server-paged list's table: TanStack Table builds the rows from the column list and TanStack
 * Virtual renders only those in view (with a spacer row above and below), so a page of 200 rows
 * or a long liability table costs the same to draw as a screenful. The order is the server's
 * (a header click asks for another sort; nothing is sorted in the browser), so what is shown
 * is what the CSV export holds. The scroll box is a labelled, focusable region (keyboard users
 * scroll it); the header row stays in view.
 */
export function DataTable<T extends RowData>({ columns, rowKey, ...props }: DataTableProps<T>) {
  const t = useT();
  const tableColumns = useMemo(() => {
    const helper = createColumnHelper<typeof features, T>();
    return helper.columns(
      columns.map((c) =>
        helper.display({ id: c.id, header: c.header, cell: (ctx) => c.cell(ctx.row.original) }),
      ),
    );
  }, [columns]);
  const data = useMemo(() => (props.rows ?? []) as T[], [props.rows]);
  const table = useTable({ features, columns: tableColumns, data, getRowId: (r) => rowKey(r) });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLElement>(null);
  const rowHeight = props.rowHeight ?? 44;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    getItemKey: (i) => rows[i]?.id ?? i,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const { detail } = props;
  // With details, a row and its open detail are one item: a drawn row is measured with the detail
  // row under it (a ResizeObserver on the row alone would miss it) once per row and open state.
  // Measuring again on every render could loop: the table's columns take their widths from the
  // rows drawn, so a resize that draws other rows can change the heights it measured, and so on
  // (React stops that with "Maximum update depth exceeded").
  const measured = useRef(new Map<string, boolean>());
  useLayoutEffect(() => {
    if (!detail) return;
    for (const el of bodyRef.current?.querySelectorAll<HTMLElement>(":scope > tr[data-index]") ?? []) {
      const next = el.nextElementSibling;
      const extra = next instanceof HTMLElement && next.classList.contains("detail-row") ? next : null;
      const key = el.dataset.key ?? "";
      if (measured.current.get(key) === (extra !== null)) continue;
      measured.current.set(key, extra !== null);
      const height = el.getBoundingClientRect().height + (extra?.getBoundingClientRect().height ?? 0);
      virtualizer.resizeItem(Number(el.dataset.index), Math.round(height));
    }
  });
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const byId = new Map(columns.map((c) => [c.id, c]));
  return (
    <section
      ref={scrollRef}
      className="table-wrap data-table"
      style={{ maxHeight: props.maxHeight ?? 560, overflowY: "auto" }}
      // A scrollable region is reachable by keyboard and named by its table.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box must take focus to scroll by keyboard
      tabIndex={0}
      aria-label={props.caption}
      data-testid={props.testId}
    >
      <table className="table" aria-busy={props.busy || undefined}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const col = byId.get(header.column.id);
                const sorted = col?.sortKey && props.sort?.key === col.sortKey ? props.sort.direction : null;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    className={cellClass(col)}
                    aria-sort={sorted ? (sorted === "asc" ? "ascending" : "descending") : undefined}
                  >
                    {col?.sortKey && props.onSort ? (
                      <button
                        type="button"
                        className="sort-button"
                        onClick={() => col.sortKey && props.onSort?.(col.sortKey)}
                      >
                        {col.header}
                        <span aria-hidden="true">
                          {sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}
                        </span>
                      </button>
                    ) : col?.hideHeader ? (
                      <span className="visually-hidden">{col.header}</span>
                    ) : (
                      col?.header
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={bodyRef}>
          {props.rows === undefined ? <SkeletonRows columns={columns.length} /> : null}
          {props.rows?.length === 0 ? (
            <EmptyRow columns={columns.length} title={props.empty ?? t("list.empty")} />
          ) : null}
          {top > 0 ? (
            <tr className="spacer-row">
              <td colSpan={columns.length} style={{ height: top, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const opened = detail?.(row.original) ?? null;
            return (
              <Fragment key={row.id}>
                <tr
                  data-index={item.index}
                  data-key={row.id}
                  ref={detail ? undefined : virtualizer.measureElement}
                  data-testid={props.rowTestId?.(row.original)}
                  {...props.rowData?.(row.original)}
                >
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={cellClass(byId.get(cell.column.id))}>
                      {byId.get(cell.column.id)?.cell(row.original)}
                    </td>
                  ))}
                </tr>
                {opened === null ? null : (
                  <tr className="detail-row" id={props.detailId?.(row.original)}>
                    <td colSpan={columns.length}>{opened}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
          {bottom > 0 ? (
            <tr className="spacer-row">
              <td colSpan={columns.length} style={{ height: bottom, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}

/** A column's classes: "num" for figures, then its own. */
function cellClass(col: { numeric?: boolean; className?: string } | undefined): string | undefined {
  const names = [col?.numeric ? "num" : "", col?.className ?? ""].filter(Boolean).join(" ");
  return names || undefined;
}

/**
 * The pager under a server-paged list (lib/use-list-query.ts): the list's page, size and page
 * change, the server's total, shown once the first page has arrived.
 */
export function ListPager(props: {
  list: { page: number; pageSize: number; setPage: (n: number) => void };
  total: number | undefined;
  label: string;
}) {
  const t = useT();
  if (props.total === undefined) return null;
  return (
    <Pager
      page={props.list.page}
      pageSize={props.list.pageSize}
      total={props.total}
      onPage={props.list.setPage}
      label={props.label}
      previousLabel={t("list.previous")}
      nextLabel={t("list.next")}
    />
  );
}
