import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { BrandMark } from '../../components/brand-mark';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from '../../components/ui/sidebar';
import { useSidebar } from '../../components/ui/use-sidebar';
import { useLanguage } from '../../lib/i18n/language-context';
import { useTRPC } from '../../lib/trpc';
import { usePublicSettings } from '../../lib/use-public-settings';
import { preloadRoute } from '../routes';
import { adminNavItems, isNavItemActive, mainNavItems, type NavItem } from './nav-items';
import { UserMenu, type UserMenuUser } from './user-menu';

interface AppSidebarProps {
  /** Shows the 'Administração' section (administrators only). */
  showAdminSection: boolean;
  user: UserMenuUser | null;
  onSignOut?: () => void;
}

export function AppSidebar({ showAdminSection, user, onSignOut }: AppSidebarProps) {
  const { t } = useLanguage();
  const { siteName } = usePublicSettings();

  return (
    <Sidebar
      mobileTitle={t('sidebar.menuTitle')}
      mobileDescription={t('sidebar.menuDescription')}
      mobileCloseLabel={t('sidebar.closeMenu')}
      resizeLabel={t('sidebar.resize')}
    >
      <SidebarHeader>
        <Link
          href="/"
          className="flex h-10 items-center gap-2 overflow-hidden rounded-md px-0 outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring"
        >
          <BrandMark />
          <span
            data-slot="site-name"
            className="truncate text-base font-semibold tracking-tight group-data-[collapsible=icon]:hidden"
          >
            {siteName}
          </span>
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label={t('nav.main')}>
          <SidebarGroup>
            <NavMenu items={mainNavItems} />
          </SidebarGroup>
          {showAdminSection && (
            <SidebarGroup role="group" aria-labelledby="sidebar-admin-label">
              <SidebarGroupLabel id="sidebar-admin-label">{t('nav.administration')}</SidebarGroupLabel>
              <NavMenu items={adminNavItems} />
            </SidebarGroup>
          )}
        </nav>
      </SidebarContent>
      {user && (
        <SidebarFooter>
          <UserMenu user={user} onSignOut={onSignOut} />
        </SidebarFooter>
      )}
    </Sidebar>
  );
}

function NavMenu({ items }: { items: NavItem[] }) {
  const { t } = useLanguage();
  const [location] = useLocation();
  const { setOpenMobile } = useSidebar();
  // A link's page, and its first queries, start loading as the pointer or the focus reaches it.
  const data = { trpc: useTRPC(), queryClient: useQueryClient() };

  return (
    <SidebarMenu>
      {items.map((item) => {
        const label = t(item.labelKey);
        const active = isNavItemActive(item, location);
        const Icon = item.icon;
        return (
          <SidebarMenuItem key={item.path}>
            <SidebarMenuButton asChild isActive={active} tooltip={label}>
              <Link
                href={item.path}
                aria-current={active ? 'page' : undefined}
                onClick={() => {
                  setOpenMobile(false);
                }}
                onPointerEnter={() => {
                  preloadRoute(item.path, data);
                }}
                onFocus={() => {
                  preloadRoute(item.path, data);
                }}
              >
                <Icon aria-hidden />
                <span>{label}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}
