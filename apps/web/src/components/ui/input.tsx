import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export const fieldClassName =
  'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:cursor-not-allowed disabled:opacity-50';

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(fieldClassName, className)} {...props} />;
}

/** A native select: keyboard, screen readers and mobile pickers for free. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(fieldClassName, 'pr-8', className)} {...props} />;
}
