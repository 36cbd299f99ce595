import { Fragment, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useIsMobile } from '../../lib/use-is-mobile';
import { DeviceCard, DeviceCardList } from './device-card';

/** A row cell of a device table, and its numeric (right-aligned) variant. */
export const deviceCell = 'h-14 px-3 text-left align-middle';
export const numericCell = cn(deviceCell, 'text-right tabular-nums whitespace-nowrap');

/** Cells of the compact list style (equipment, rooms): two-line rows, no fixed height. */
export const listCell = 'px-3 py-2.5 text-left';

/**
 * A column of a device table. With `cell` on every column the table draws its rows itself, so a
 * device kind's table is a list of columns: `{ label, metric: 'powerKw', numeric: true, cell }`.
 */
export interface DeviceColumn<R = never> {
  label: string;
  /** Right-aligned (a figure). */
  numeric?: boolean;
  /** The metric the column shows: its cells carry `data-metric` (tests and live updates find them by it). */
  metric?: string;
  /** The cell's content for one row. */
  cell?: (row: R) => ReactNode;
  /**
   * Where the column goes on a phone, where the rows become cards (`DeviceCard`): the name, the
   * status, a key figure or the action. A column without it is left off the card.
   */
  card?: 'title' | 'status' | 'figure' | 'action';
}

/** What a row of a device list shows on its first line (a button when it opens details) and second line. */
export function DeviceName({
  item,
  onOpen,
}: {
  item: { name: string; roomName: string | null; location: string | null; facilityName: string };
  onOpen?: () => void;
}) {
  const place = placeOf(item);
  return (
    <>
      {onOpen ? (
        <button
          type="button"
          className="text-left font-medium underline-offset-4 md:whitespace-nowrap outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
          aria-haspopup="dialog"
          onClick={onOpen}
        >
          {item.name}
        </button>
      ) : (
        <span className="block font-medium md:whitespace-nowrap">{item.name}</span>
      )}
      {/* Wraps rather than cuts: "Bomba Centrífuga 01 · Planta Camp…" said too little. */}
      <span className="block text-xs text-muted-foreground md:max-w-52" data-slot="place">
        {place}
      </span>
    </>
  );
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
  columns: DeviceColumn<T>[];
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
  /** Each row's key and data attributes (e.g. `{ 'data-motor-id': id }`), when the columns draw the rows. */
  rowKey?: (item: T) => { key: string } & Record<`data-${string}`, string>;
  /** A row drawn by hand (default: one cell per column, from its `cell`). */
  row?: (item: T) => ReactNode;
  /** `list`: the compact style of the equipment and rooms lists (rows of two lines, no fixed height). */
  variant?: 'device' | 'list';
  /** Placeholder rows while loading (default: `skeletonRows` plain bars). */
  skeleton?: ReactNode;
  skeletonRows?: number;
}

const variants = {
  device: { empty: 'px-3 py-10 text-center text-muted-foreground' },
  list: { empty: 'h-40 px-3 text-center text-muted-foreground' },
};

/**
 * A page of devices in a bordered frame: header, skeleton rows while loading, an empty row, or the
 * rows. On a phone, when its columns say where they go on a card, a list of cards instead.
 */
export function DeviceTable<T>({
  columns,
  minWidth,
  items,
  stale,
  busy = !items || stale,
  empty,
  rowKey,
  row,
  skeleton,
  skeletonRows = 4,
  variant = 'device',
}: DeviceTableProps<T>) {
  const isMobile = useIsMobile();
  if (isMobile && !row && columns.some((column) => column.card))
    return (
      <DeviceCardList items={items} stale={stale} busy={busy} empty={empty} skeletonCards={skeletonRows}>
        {items?.map((item) => {
          const { key, ...attributes } = rowKey?.(item) ?? { key: String(items.indexOf(item)) };
          const place = (role: DeviceColumn['card']) => columns.filter((column) => column.card === role);
          const cells = (role: DeviceColumn['card']) => {
            const chosen = place(role);
            if (chosen.length === 0) return undefined;
            return chosen.map((column) => <Fragment key={column.label}>{column.cell?.(item)}</Fragment>);
          };
          return (
            <DeviceCard
              key={key}
              attributes={attributes}
              title={cells('title')}
              status={cells('status')}
              action={cells('action')}
              figures={place('figure').map(({ label, metric, cell }) => ({ label, metric, value: cell?.(item) }))}
            />
          );
        })}
      </DeviceCardList>
    );
  const drawRow =
    row ??
    ((item: T) => {
      const { key, ...attributes } = rowKey?.(item) ?? { key: String(items?.indexOf(item)) };
      return (
        <tr key={key} {...attributes}>
          {columns.map((column) => (
            <td key={column.label} className={cellClass(variant, column)} data-metric={column.metric}>
              {column.cell?.(item)}
            </td>
          ))}
        </tr>
      );
    });
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className={cn('w-full', minWidth, 'text-sm', stale && 'opacity-60')} aria-busy={busy}>
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          <tr>
            {columns.map(({ label, numeric }) => (
              <th
                key={label}
                scope="col"
                className={
                  variant === 'list' ? listCell : cn('px-3 py-2.5 font-medium', numeric ? 'text-right' : 'text-left')
                }
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
              <td colSpan={columns.length} className={variants[variant].empty}>
                {empty}
              </td>
            </tr>
          ) : (
            items.map(drawRow)
          )}
        </tbody>
      </table>
    </div>
  );
}

function cellClass(variant: 'device' | 'list', column: { numeric?: boolean }) {
  if (variant === 'list') return cn(listCell, 'align-top');
  return column.numeric ? numericCell : deviceCell;
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
