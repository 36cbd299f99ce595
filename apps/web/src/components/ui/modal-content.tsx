import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';

interface ModalContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Accessible name of the close button; no button when omitted. */
  closeLabel?: string;
  /** Where the close button sits in the corner (Tailwind inset classes). */
  closeInset: string;
}

/** What Dialog and Sheet share: a portal, the dimmed overlay, the content and its close button. */
export function ModalContent({ closeLabel, closeInset, children, ...props }: ModalContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="animate-fade-in fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content {...props}>
        {children}
        {closeLabel && (
          <DialogPrimitive.Close
            aria-label={closeLabel}
            className={`absolute ${closeInset} rounded-md p-1 opacity-70 transition-opacity outline-none hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/60`}
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
