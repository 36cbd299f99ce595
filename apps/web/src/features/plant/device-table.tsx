import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A row cell of a device table, and its numeric (right-aligned) variant. */
export const deviceCell = 'h-14 px-3 text-left align-middle';
export const numericCell = cn(deviceCell, 'text-right tabular-nums whitespace-nowrap');

export interface DeviceColumn {
  label: string;
  /** Right-aligned (a figure). */
  numeric?: boolean;
}

/** Room (or location) and facility, for the second line of a device's row. */
export const placeOf = (item: { roomName: string | null; location: string | null; facilityName: string }) =>
  [item.roomName ?? item.location, item.facilityName].filter(Boolean).join(' · ');

/** What a device page passes to its kind's table: the page of items, their live state and pending commands. */
export interface DeviceListTableProps<T, Live, Pending> {
  /** `undefined` while the first page loads. */
  items: T[] | undefined;
  /** The list is being replaced (a new page or filter): dim what is shown. */
  stale: boolean;
  /** A filter is set (the empty list says so). */
  filtered: boolean;
  live: Live;
  /** The command awaiting its device's answer, per device id. */
  pending: Record<string, Pending>;
}

interface DeviceTableProps<T> {
  columns: DeviceColumn[];
  /** Tailwind min-width of the table, e.g. `min-w-[58rem]`: the frame scrolls sideways below it. */
  minWidth: string;
  /** `undefined` while the first page loads. */
  items: T[] | undefined;
  /** The list is being replaced (a new page or filter): dim what is shown. */
  stale: boolean;
  /** Defaults to "no items yet or stale". */
  busy?: boolean;
  /** What an empty list says. */
  empty: ReactNode;
  row: (item: T) => ReactNode;
  /** Placeholder rows while loading (default: `skeletonRows` plain bars). */
  skeleton?: ReactNode;
  skeletonRows?: number;
  /** Class of every header cell (default: by column alignment). */
  headerCellClassName?: string;
  /** Class of the empty row's cell. */
  emptyClassName?: string;
}

/** A page of devices in a bordered frame: header, skeleton rows while loading, an empty row, or the rows. */
export function DeviceTable<T>({
  columns,
  minWidth,
  items,
  stale,
  busy = !items || stale,
  empty,
  row,
  skeleton,
  skeletonRows = 4,
  headerCellClassName,
  emptyClassName = 'px-3 py-10 text-center text-muted-foreground',
}: DeviceTableProps<T>) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className={cn('w-full', minWidth, 'text-sm', stale && 'opacity-60')} aria-busy={busy}>
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {columns.map(({ label, numeric }) => (
              <th
                key={label}
                scope="col"
                className={headerCellClassName ?? cn('px-3 py-2.5 font-medium', numeric ? 'text-right' : 'text-left')}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {!items ? (
            (skeleton ?? <SkeletonRows rows={skeletonRows} columns={columns.length} />)
          ) : items.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={emptyClassName}>
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

/** Plain placeholder bars, one per cell, at the rows' height. */
function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={row} aria-hidden data-slot="skeleton">
      {Array.from({ length: columns }, (_, column) => (
        <td key={column} className={deviceCell}>
          <span className="block h-4 w-full max-w-28 animate-pulse rounded bg-muted" />
        </td>
      ))}
    </tr>
  ));
}

/**
 * Placeholder bars of given widths (in quarter-rem steps), with a second shorter line under the
 * cells that have one, for tables whose rows hold two lines.
 */
export function SkeletonBars({
  rows,
  widths,
  cellClassName,
  secondLine,
  secondLineClassName,
}: {
  rows: number;
  widths: number[];
  cellClassName: string;
  secondLine: (column: number) => boolean;
  secondLineClassName: string;
}) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={row} aria-hidden data-slot="skeleton">
      {widths.map((width, column) => (
        <td key={column} className={cellClassName}>
          <span
            className="block h-4 animate-pulse rounded bg-muted"
            style={{ width: `${width * 4}px`, maxWidth: '100%' }}
          />
          {secondLine(column) && (
            <span className={cn('mt-1.5 block h-3', secondLineClassName, 'animate-pulse rounded bg-muted')} />
          )}
        </td>
      ))}
    </tr>
  ));
}
