import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A figure of a card: its label over its value; `metric` marks the value as a table cell's `data-metric` does. */
export interface CardFigure {
  label: string;
  metric?: string;
  value: ReactNode;
}

interface DeviceCardProps {
  /** The card's data attributes (e.g. `{ 'data-motor-id': id }`), as the table row has them. */
  attributes?: Record<`data-${string}`, string | undefined>;
  /** Name and place (`DeviceName`). */
  title: ReactNode;
  /** The status badge(s), on the action's line. */
  status?: ReactNode;
  /** What a user does with the item (a switch, "Reconhecer"), always on screen. */
  action?: ReactNode;
  figures?: CardFigure[];
  /** Anything else, under the figures. */
  children?: ReactNode;
}

/**
 * One item of a list on a phone, in place of its table row: name and place, status and action,
 * then the key figures in two columns. Nothing in it is wider than the screen.
 */
export function DeviceCard({ attributes, title, status, action, figures = [], children }: DeviceCardProps) {
  return (
    <li {...attributes} className="flex min-w-0 flex-col gap-2.5 rounded-lg border bg-card p-3 text-sm">
      <div className="min-w-0 break-words">{title}</div>
      {(status ?? action) && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div className="flex flex-wrap items-center gap-1.5">{status}</div>
          {action && <div className="ml-auto">{action}</div>}
        </div>
      )}
      {figures.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1.5">
          {figures.map(({ label, metric, value }) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="tabular-nums" data-metric={metric}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {children}
    </li>
  );
}

interface DeviceCardListProps {
  /** The list's items; `undefined` while the first page loads (placeholder cards show). */
  items: readonly unknown[] | undefined;
  /** The list is being replaced (a new page or filter): dim what is shown. */
  stale: boolean;
  busy: boolean;
  /** What an empty list says; none: the feature says it itself. */
  empty?: ReactNode;
  skeletonCards?: number;
  label?: string;
  /** The cards (`DeviceCard`s). */
  children: ReactNode;
}

/** The phone form of a device table: a column of cards, placeholder cards while loading, or what an empty list says. */
export function DeviceCardList({ items, stale, busy, empty, skeletonCards = 4, label, children }: DeviceCardListProps) {
  const loading = !items;
  if (items?.length === 0 && empty !== undefined)
    return <p className="rounded-lg border px-3 py-10 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className={cn('flex flex-col gap-3', stale && 'opacity-60')} aria-busy={busy} aria-label={label}>
      {loading
        ? Array.from({ length: skeletonCards }, (_, card) => (
            <li key={card} aria-hidden data-slot="skeleton" className="flex flex-col gap-2.5 rounded-lg border p-3">
              <span className="block h-4 w-40 animate-pulse rounded bg-muted" />
              <span className="block h-3 w-56 animate-pulse rounded bg-muted" />
              <span className="block h-6 w-full animate-pulse rounded bg-muted" />
            </li>
          ))
        : children}
    </ul>
  );
}
