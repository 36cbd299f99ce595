import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { ModalContent } from './modal-content';

/** An off-canvas panel (Radix Dialog): the sidebar's drawer on narrow screens. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  side?: 'left' | 'right';
  /** Accessible name of the close button; no button when omitted. */
  closeLabel?: string;
}

export function SheetContent({ side = 'left', className, ...props }: SheetContentProps) {
  return (
    <ModalContent
      closeInset="top-3 right-3"
      className={cn(
        'fixed inset-y-0 z-50 flex h-full flex-col bg-background shadow-lg outline-none',
        side === 'left' ? 'animate-slide-in-left left-0 border-r' : 'right-0 border-l',
        className,
      )}
      {...props}
    />
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-semibold', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
