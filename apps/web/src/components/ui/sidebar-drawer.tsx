import type { CSSProperties, ReactNode } from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './sheet';
import { SIDEBAR_WIDTH_MOBILE } from './sidebar-provider';

interface SidebarDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: string;
  /** Dialog title and description, read by screen readers. */
  title: string;
  description: string;
  closeLabel: string;
  children: ReactNode;
}

/** The sidebar below 768 px: an off-canvas drawer. Its own chunk (Radix Dialog), loaded when first opened. */
export default function SidebarDrawer({
  open,
  onOpenChange,
  id,
  title,
  description,
  closeLabel,
  children,
}: SidebarDrawerProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="left"
        id={id}
        data-slot="sidebar"
        data-mobile="true"
        closeLabel={closeLabel}
        // The drawer is portalled out of the provider's wrapper: set its width variable here.
        style={{ '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE } as CSSProperties}
        className="w-(--sidebar-width-mobile) max-w-[85vw] bg-sidebar p-0 text-sidebar-foreground"
      >
        <SheetTitle className="sr-only">{title}</SheetTitle>
        <SheetDescription className="sr-only">{description}</SheetDescription>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
