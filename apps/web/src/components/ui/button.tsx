import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { buttonBase, buttonSizes, buttonVariants } from './button-classes';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof buttonVariants;
  size?: keyof typeof buttonSizes;
  /** Render the child element (e.g. a link) with the button's look. */
  asChild?: boolean;
}

export function buttonClassName(
  variant: keyof typeof buttonVariants = 'default',
  size: keyof typeof buttonSizes = 'default',
): string {
  return cn(buttonBase, buttonVariants[variant], buttonSizes[size]);
}

export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      data-slot="button"
      type={asChild ? type : (type ?? 'button')}
      className={cn(buttonClassName(variant, size), className)}
      {...props}
    />
  );
}
