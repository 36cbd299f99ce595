import { Slot } from '@radix-ui/react-slot';
import { PanelLeft } from 'lucide-react';
import { lazy, Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { SidebarResizeHandle } from './sidebar-resize-handle';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';
import { useSidebar } from './use-sidebar';

const SidebarDrawer = lazy(() => import('./sidebar-drawer'));

interface SidebarProps extends ComponentProps<'div'> {
  /** Drawer (mobile) dialog title and description, read by screen readers. */
  mobileTitle: string;
  mobileDescription: string;
  mobileCloseLabel: string;
  /** Accessible name of the resize handle. */
  resizeLabel: string;
}

/** Fixed on the left from 768 px up (expanded or icon-only); an off-canvas drawer below. */
export function Sidebar({
  mobileTitle,
  mobileDescription,
  mobileCloseLabel,
  resizeLabel,
  id = 'app-sidebar',
  className,
  children,
  ...props
}: SidebarProps) {
  const { isMobile, state, openMobile, setOpenMobile } = useSidebar();

  // The drawer (Radix Dialog) loads when it is first opened: most visits never open it.
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (isMobile && openMobile && !drawerWanted) setDrawerWanted(true);

  if (isMobile) {
    if (!drawerWanted) return null;
    return (
      <Suspense fallback={null}>
        <SidebarDrawer
          open={openMobile}
          onOpenChange={setOpenMobile}
          id={id}
          title={mobileTitle}
          description={mobileDescription}
          closeLabel={mobileCloseLabel}
        >
          {children}
        </SidebarDrawer>
      </Suspense>
    );
  }

  return (
    <div
      className="group peer hidden text-sidebar-foreground md:block"
      data-state={state}
      data-collapsible={state === 'collapsed' ? 'icon' : ''}
      data-slot="sidebar"
    >
      {/* Takes the sidebar's room in the page flow; the sidebar itself is fixed. */}
      <div
        aria-hidden
        className="relative w-(--sidebar-width) transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) group-data-[resizing=true]/sidebar-wrapper:transition-none"
      />
      <div
        id={id}
        className={cn(
          'fixed inset-y-0 left-0 z-10 flex h-svh w-(--sidebar-width) border-r border-sidebar-border bg-sidebar transition-[width] duration-200 ease-linear group-data-[collapsible=icon]:w-(--sidebar-width-icon) group-data-[resizing=true]/sidebar-wrapper:transition-none',
          className,
        )}
        {...props}
      >
        <div data-sidebar="sidebar" className="flex h-full w-full min-w-0 flex-col">
          {children}
        </div>
        <SidebarResizeHandle label={resizeLabel} controls={id} />
      </div>
    </div>
  );
}

export function SidebarTrigger({ label, className, ...props }: ComponentProps<typeof Button> & { label: string }) {
  const { toggleSidebar, isMobile, open, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      data-slot="sidebar-trigger"
      aria-label={label}
      aria-expanded={isMobile ? openMobile : open}
      aria-controls={isMobile ? undefined : 'app-sidebar'}
      className={className}
      onClick={toggleSidebar}
      {...props}
    >
      <PanelLeft aria-hidden />
    </Button>
  );
}

/** The page column beside the sidebar. */
export function SidebarInset({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-inset"
      className={cn('relative flex min-h-svh min-w-0 flex-1 flex-col bg-background', className)}
      {...props}
    />
  );
}

export function SidebarHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-header" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sidebar-footer" className={cn('flex flex-col gap-2 p-2', className)} {...props} />;
}

export function SidebarContent({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-content"
      className={cn(
        'flex min-h-0 flex-1 flex-col gap-2 overflow-auto group-data-[collapsible=icon]:overflow-hidden',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarGroup({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div data-slot="sidebar-group" className={cn('relative flex w-full min-w-0 flex-col p-2', className)} {...props} />
  );
}

export function SidebarGroupLabel({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="sidebar-group-label"
      className={cn(
        'flex h-8 shrink-0 items-center rounded-md px-2 text-xs font-medium tracking-wide text-sidebar-foreground/70 uppercase transition-[margin,opacity] duration-200 ease-linear',
        'group-data-[collapsible=icon]:-mt-8 group-data-[collapsible=icon]:opacity-0',
        className,
      )}
      {...props}
    />
  );
}

export function SidebarMenu({ className, ...props }: ComponentProps<'ul'>) {
  return <ul data-slot="sidebar-menu" className={cn('flex w-full min-w-0 flex-col gap-0.5', className)} {...props} />;
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<'li'>) {
  return <li data-slot="sidebar-menu-item" className={cn('relative', className)} {...props} />;
}

const menuButtonClassName = cn(
  'flex h-8 w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-none transition-[width,height,padding]',
  'hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-sidebar-ring',
  'data-[active=true]:bg-sidebar-accent data-[active=true]:font-medium data-[active=true]:text-sidebar-accent-foreground data-[active=true]:[&>svg]:text-sidebar-primary',
  'group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2!',
  '[&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0',
);

interface SidebarMenuButtonProps extends ComponentProps<'button'> {
  asChild?: boolean;
  isActive?: boolean;
  /** Shown as a tooltip while the sidebar is collapsed to icons. */
  tooltip?: ReactNode;
}

export function SidebarMenuButton({
  asChild = false,
  isActive = false,
  tooltip,
  className,
  ...props
}: SidebarMenuButtonProps) {
  const { isMobile, state } = useSidebar();
  const Comp = asChild ? Slot : 'button';
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(menuButtonClassName, className)}
      {...props}
    />
  );
  if (!tooltip) return button;
  // The tooltip stays mounted (only hidden) so collapsing does not remount the focused item.
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right" align="center" hidden={state !== 'collapsed' || isMobile}>
        {tooltip}
      </TooltipContent>
    </Tooltip>
  );
}
