import { cn } from '../../lib/cn';

/** A placeholder block of the size the content will take (nothing jumps when data arrives). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden data-slot="skeleton" className={cn('block animate-pulse rounded bg-muted', className)} />;
}
