import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { cn } from '../../lib/cn';
import { SIDEBAR_DEFAULT_WIDTH, SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH } from './sidebar-storage';
import { useSidebar } from './use-sidebar';

const KEY_STEP_PX = 16;
const KEY_STEP_LARGE_PX = 64;

interface Drag {
  pointerId: number;
  startX: number;
  startWidth: number;
  lastWidth: number;
}

/**
 * The sidebar's right edge: drag it (or focus it and use the arrow keys, Home, End) to change
 * the width within 200–480 px; double-click restores 280 px. Inert while collapsed.
 */
export function SidebarResizeHandle({ label, controls }: { label: string; controls?: string }) {
  const { state, width, setWidth, resizing, setResizing, resizable } = useSidebar();
  const drag = useRef<Drag | null>(null);
  const disabled = state === 'collapsed';
  if (!resizable) return null;

  const finish = (persist: boolean) => {
    const current = drag.current;
    if (!current) return;
    drag.current = null;
    setResizing(false);
    document.body.style.removeProperty('cursor');
    document.body.style.removeProperty('user-select');
    if (persist) setWidth(current.lastWidth, { persist: true });
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = {
      pointerId: event.pointerId,
      startX: event.clientX,
      startWidth: width,
      lastWidth: width,
    };
    setResizing(true);
    document.body.style.cursor = 'col-resize';
    document.body.style.userSelect = 'none';
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    current.lastWidth = current.startWidth + event.clientX - current.startX;
    setWidth(current.lastWidth);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const step = event.shiftKey ? KEY_STEP_LARGE_PX : KEY_STEP_PX;
    const next: Partial<Record<string, number>> = {
      ArrowLeft: width - step,
      ArrowRight: width + step,
      Home: SIDEBAR_MIN_WIDTH,
      End: SIDEBAR_MAX_WIDTH,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    setWidth(target, { persist: true });
  };

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-controls={controls}
      aria-valuemin={SIDEBAR_MIN_WIDTH}
      aria-valuemax={SIDEBAR_MAX_WIDTH}
      aria-valuenow={width}
      aria-disabled={disabled || undefined}
      tabIndex={disabled ? -1 : 0}
      data-slot="sidebar-resize-handle"
      data-active={resizing || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={() => {
        finish(true);
      }}
      onPointerCancel={() => {
        finish(true);
      }}
      onLostPointerCapture={() => {
        finish(true);
      }}
      onDoubleClick={() => {
        if (!disabled) setWidth(SIDEBAR_DEFAULT_WIDTH, { persist: true });
      }}
      onKeyDown={onKeyDown}
      className={cn(
        'absolute inset-y-0 -right-1.5 z-20 w-3 touch-none outline-none',
        "after:absolute after:inset-y-0 after:left-1/2 after:w-0.5 after:-translate-x-1/2 after:transition-colors after:content-['']",
        disabled
          ? 'cursor-default'
          : 'cursor-col-resize hover:after:bg-sidebar-ring/60 focus-visible:after:bg-sidebar-ring data-[active=true]:after:bg-sidebar-ring',
      )}
    />
  );
}
