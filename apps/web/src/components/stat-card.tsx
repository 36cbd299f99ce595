import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card } from './ui/card';

export interface StatCardProps {
  label: string;
  /** Undefined while loading: a skeleton of the same height, so nothing jumps. */
  value: ReactNode | undefined;
  hint?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** One headline figure (totals at the top of every page). */
export function StatCard({ label, value, hint, icon, className }: StatCardProps) {
  return (
    <Card className={cn('p-4', className)} aria-busy={value === undefined}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        {icon && (
          <span aria-hidden className="text-muted-foreground [&_svg]:size-4">
            {icon}
          </span>
        )}
      </div>
      <div className="mt-2 h-8 text-2xl font-semibold tabular-nums" data-slot="stat-value">
        {value === undefined ? <span className="block h-7 w-20 animate-pulse rounded bg-muted" /> : value}
      </div>
      {hint !== undefined && <p className="mt-1 min-h-4 text-xs text-muted-foreground">{hint}</p>}
    </Card>
  );
}

/** Two lines for every hint, loading or not, so nothing moves when the figures arrive. */
export function twoLineHint(text: string | undefined) {
  return <span className="block min-h-8">{text}</span>;
}

/** The five-figure row of a device page (motors, HVAC). */
export const DEVICE_STATS_GRID = 'grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5';

/** A row of headline figures, one card each, in the order given. */
export function StatGrid({
  stats,
  className,
}: {
  stats: readonly Omit<StatCardProps, 'className'>[];
  className: string;
}) {
  return (
    <div className={className}>
      {stats.map((stat) => (
        <StatCard key={stat.label} {...stat} />
      ))}
    </div>
  );
}
