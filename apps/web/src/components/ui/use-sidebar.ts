import { createContext, use } from 'react';

export interface SidebarContextValue {
  state: 'expanded' | 'collapsed';
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
  resizable: boolean;
  /** Current width in px (used when resizable). */
  width: number;
  /** Clamps to 200–480; `persist` also stores it. */
  setWidth: (px: number, options?: { persist?: boolean }) => void;
  /** True while the edge is being dragged (transitions off). */
  resizing: boolean;
  setResizing: (resizing: boolean) => void;
}

export const SidebarContext = createContext<SidebarContextValue | null>(null);

export function useSidebar(): SidebarContextValue {
  const value = use(SidebarContext);
  if (!value) throw new Error('useSidebar must be used within SidebarProvider');
  return value;
}
