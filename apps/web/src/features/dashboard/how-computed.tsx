import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** The short line under a figure that says how it is computed (PRODUCT §3). */
export function HowComputed({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('text-xs text-muted-foreground', className)}>{children}</p>;
}
