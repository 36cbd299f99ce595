import { useCallback, useEffect, useMemo, useState, type ComponentProps, type CSSProperties } from 'react';
import { cn } from '../../lib/cn';
import { useIsMobile } from '../../lib/use-is-mobile';
import { SidebarContext, type SidebarContextValue } from './use-sidebar';
import {
  clampSidebarWidth,
  readSidebarOpen,
  readSidebarWidth,
  writeSidebarOpen,
  writeSidebarWidth,
} from './sidebar-storage';

/** Component defaults (spec §9). A resizable sidebar uses its stored px width instead. */
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
/** Ctrl+B / Cmd+B toggles the sidebar. */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';

interface SidebarProviderProps extends ComponentProps<'div'> {
  /** Used when the `sidebar_state` cookie holds nothing. */
  defaultOpen?: boolean;
  /** Width in px from localStorage `sidebar-width`, draggable by the edge. */
  resizable?: boolean;
}

export function SidebarProvider({
  defaultOpen = true,
  resizable = false,
  className,
  style,
  children,
  ...props
}: SidebarProviderProps) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => readSidebarOpen() ?? defaultOpen);
  const [width, setWidthState] = useState(readSidebarWidth);
  const [resizing, setResizing] = useState(false);

  const setOpen = useCallback((next: boolean) => {
    setOpenState(next);
    writeSidebarOpen(next);
  }, []);

  const toggleSidebar = useCallback(() => {
    if (isMobile) setOpenMobile((value) => !value);
    else setOpen(!open);
  }, [isMobile, open, setOpen]);

  const setWidth = useCallback((px: number, options?: { persist?: boolean }) => {
    const next = options?.persist ? writeSidebarWidth(px) : clampSidebarWidth(px);
    setWidthState(next);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (
        event.key.toLowerCase() === SIDEBAR_KEYBOARD_SHORTCUT &&
        (event.metaKey || event.ctrlKey) &&
        !event.altKey &&
        !event.shiftKey
      ) {
        event.preventDefault();
        toggleSidebar();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [toggleSidebar]);

  const state = open ? 'expanded' : 'collapsed';
  const value = useMemo<SidebarContextValue>(
    () => ({
      state,
      open,
      setOpen,
      openMobile,
      setOpenMobile,
      isMobile,
      toggleSidebar,
      resizable,
      width,
      setWidth,
      resizing,
      setResizing,
    }),
    [state, open, setOpen, openMobile, isMobile, toggleSidebar, resizable, width, setWidth, resizing],
  );

  return (
    <SidebarContext value={value}>
      <div
        data-slot="sidebar-wrapper"
        data-resizing={resizing ? 'true' : undefined}
        style={
          {
            '--sidebar-width': resizable ? `${String(width)}px` : SIDEBAR_WIDTH,
            '--sidebar-width-mobile': SIDEBAR_WIDTH_MOBILE,
            '--sidebar-width-icon': SIDEBAR_WIDTH_ICON,
            ...style,
          } as CSSProperties
        }
        className={cn('group/sidebar-wrapper flex min-h-svh w-full', className)}
        {...props}
      >
        {children}
      </div>
    </SidebarContext>
  );
}
