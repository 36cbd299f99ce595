/**
 * The button's classes, without the class-merging helper (tailwind-merge, about 9 KB gzip): the
 * sign-in screens' controls use them as plain strings, since their first load is budgeted
 * (ADR 022); `Button` (button.tsx) merges them.
 */
export const buttonBase =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

export const buttonVariants = {
  default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90',
  outline: 'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  // Dark theme: the theme's lighter red carries white text at 3.5:1 only; red-700 reads at about 6:1.
  destructive:
    'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 dark:bg-red-700 dark:hover:bg-red-700/90',
} as const;

export const buttonSizes = {
  default: 'h-9 px-4 py-2',
  sm: 'h-8 gap-1.5 px-3 text-xs',
  icon: 'size-9',
  'icon-sm': 'size-8',
} as const;

/** A ghost icon button (no class of one part overrides another's, so joining is merging). */
export const ghostIconButtonClass = `${buttonBase} ${buttonVariants.ghost} ${buttonSizes['icon-sm']}`;

/**
 * A small ghost button narrowed to `px-2`, in its merged form: `buttonBase`'s gap, font size and
 * weight and the small size's padding give way, as `cn` would have it (checked in its test).
 */
export function smallGhostButtonClass(weight: 'font-medium' | 'font-semibold', color: string): string {
  return `inline-flex shrink-0 items-center justify-center rounded-md whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 ${buttonVariants.ghost} h-8 gap-1.5 text-xs px-2 ${weight} ${color}`;
}
