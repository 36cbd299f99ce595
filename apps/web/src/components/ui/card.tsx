import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'section'>) {
  return (
    <section
      data-slot="card"
      className={cn('rounded-lg border bg-card text-card-foreground shadow-xs', className)}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-wrap items-start justify-between gap-2 px-4 pt-4', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-base font-semibold', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-xs text-muted-foreground', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('p-4', className)} {...props} />;
}

interface StatCardProps {
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
