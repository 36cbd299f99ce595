import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import type { AreaTranslate } from '../lib/i18n/strings';

/** A cell of a list table (alerts, work orders, suppliers, purchase orders): rows that may hold two lines. */
export const listTableCell = 'px-3 py-2.5 text-left align-top';

interface ListTableProps<T> {
  /** The column headings, in order (also the keys of the heading cells). */
  columns: string[];
  /** The rows; `undefined` while the first page loads (placeholder rows are drawn). */
  items: readonly T[] | undefined;
  /** One `<tr>` per item. */
  row: (item: T) => ReactNode;
  /** Shown in one full-width cell when there are no rows. */
  empty: ReactNode;
  /** The table's minimum width (a Tailwind class such as `min-w-[50rem]`), so narrow screens scroll. */
  minWidth: string;
  /** The table's accessible name. */
  label?: string;
  describedBy?: string;
  /** Dimmed while a previous page stands in for the one being fetched. */
  stale?: boolean;
  busy?: boolean;
  /** Placeholder rows while `items` is undefined; six rows of bars by default. */
  skeleton?: ReactNode;
  /** Class of the heading cells. */
  headCell?: string;
  /** Class of the empty row's cell. */
  emptyCell?: string;
  className?: string;
}

/** A heading of TableHead: its text, or its text and a class added to the cell's (`text-right`). */
export type TableHeading = string | { label: string; className: string };

/** A table's heading row: one column heading cell per `columns` entry, each of class `cell`. */
export function TableHead({
  columns,
  cell,
  className = 'border-b bg-muted/50 text-xs text-muted-foreground',
}: {
  columns: readonly TableHeading[];
  cell: string;
  className?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const { label, className: extra } = typeof column === 'string' ? { label: column, className: '' } : column;
          return (
            <th key={label} scope="col" className={extra ? cn(cell, extra) : cell}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/**
 * The table of a list page: scrolling frame, headings, placeholder rows while loading, an empty
 * row, then the feature's own rows. The rows (their cells, data attributes and actions) stay in the
 * feature.
 */
export function ListTable<T>({
  columns,
  items,
  row,
  empty,
  minWidth,
  label,
  describedBy,
  stale,
  busy,
  skeleton,
  headCell = cn(listTableCell, 'whitespace-nowrap'),
  emptyCell = 'px-3 py-10 text-center text-muted-foreground',
  className,
}: ListTableProps<T>) {
  return (
    <div className={cn(className, 'overflow-x-auto rounded-lg border')}>
      <table
        className={cn('w-full', minWidth, 'text-sm', stale && 'opacity-60')}
        aria-label={label}
        aria-busy={busy}
        aria-describedby={describedBy}
      >
        <TableHead columns={columns} cell={headCell} />
        <tbody className="divide-y">
          {!items ? (
            (skeleton ?? <ListSkeletonRows columns={columns.length} />)
          ) : items.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={emptyCell}>
                {empty}
              </td>
            </tr>
          ) : (
            items.map(row)
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Placeholder rows: a bar per cell, of the given widths (in quarter-rem steps) or of one width when
 * only the number of columns is given.
 */
export function ListSkeletonRows({
  rows = 6,
  columns,
  widths,
  cell = listTableCell,
}: {
  rows?: number;
  columns?: number;
  widths?: number[];
  cell?: string;
}) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={row} aria-hidden data-slot="skeleton">
      {widths
        ? widths.map((width, column) => (
            <td key={column} className={cell}>
              <span className="block h-4 animate-pulse rounded bg-muted" style={{ width: `${width * 4}px` }} />
            </td>
          ))
        : Array.from({ length: columns ?? 1 }, (_, column) => (
            <td key={column} className={cell}>
              <span className="block h-4 w-16 animate-pulse rounded bg-muted" />
            </td>
          ))}
    </tr>
  ));
}

/** The empty row's note with an icon before it: the feature's 'emptyFiltered' when filters are set, else its 'empty'. */
export function ListEmptyNote({
  icon,
  filtered,
  t,
}: {
  icon: ReactNode;
  filtered: boolean;
  t: AreaTranslate<'empty' | 'emptyFiltered'>;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      {icon}
      {filtered ? t('emptyFiltered') : t('empty')}
    </span>
  );
}
