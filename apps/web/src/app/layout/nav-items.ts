import {
  Activity,
  CalendarDays,
  CloudSun,
  Cog,
  Cpu,
  DoorOpen,
  Factory,
  Fan,
  LayoutDashboard,
  Lightbulb,
  Server,
  Settings,
  ShieldCheck,
  ShoppingCart,
  TriangleAlert,
  Truck,
  Users,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { TranslationKey } from '../../lib/i18n/dictionaries';
import { routeTable } from '../route-table';

export interface NavItem {
  path: string;
  labelKey: TranslationKey;
  icon: LucideIcon;
}

type NavEntry = Extract<(typeof routeTable)[number], { nav: object }>;

/** The sidebar's icons by the name the route table gives (a name missing here is a type error). */
const navIcons: Record<NavEntry['nav']['icon'], LucideIcon> = {
  Activity,
  CalendarDays,
  CloudSun,
  Cog,
  Cpu,
  DoorOpen,
  Factory,
  Fan,
  LayoutDashboard,
  Lightbulb,
  Server,
  Settings,
  ShieldCheck,
  ShoppingCart,
  TriangleAlert,
  Truck,
  Users,
  Wrench,
  Zap,
};

/** Every route-table label is a key of the core dictionaries (otherwise this line does not compile). */
const labelKey = (label: NavEntry['nav']['label']): TranslationKey => label;

function navItemsOf(section: 'main' | 'admin'): NavItem[] {
  return routeTable
    .filter((route): route is NavEntry => 'nav' in route && route.nav.section === section)
    .map(({ path, nav }) => ({ path, labelKey: labelKey(nav.label), icon: navIcons[nav.icon] }));
}

/** The sidebar menu, in the spec's order (§2). */
export const mainNavItems: NavItem[] = navItemsOf('main');

/** The 'Administração' section (admin-only). */
export const adminNavItems: NavItem[] = navItemsOf('admin');

export function isNavItemActive(item: NavItem, location: string): boolean {
  const path = location.replace(/(.)\/+$/, '$1').toLowerCase();
  if (item.path === '/') return path === '/';
  return path === item.path || path.startsWith(`${item.path}/`);
}

export function findNavItem(location: string): NavItem | undefined {
  return [...mainNavItems, ...adminNavItems].find((item) => isNavItemActive(item, location));
}
