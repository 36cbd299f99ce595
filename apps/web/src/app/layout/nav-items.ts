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

export interface NavItem {
  path: string;
  labelKey: TranslationKey;
  icon: LucideIcon;
}

/** The sidebar menu, in the spec's order (§2). */
export const mainNavItems: NavItem[] = [
  { path: '/', labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { path: '/facilities', labelKey: 'nav.facilities', icon: Factory },
  { path: '/equipment', labelKey: 'nav.equipment', icon: Cpu },
  { path: '/motors', labelKey: 'nav.motors', icon: Cog },
  { path: '/lights', labelKey: 'nav.lights', icon: Lightbulb },
  { path: '/hvac', labelKey: 'nav.hvac', icon: Fan },
  { path: '/weather', labelKey: 'nav.weather', icon: CloudSun },
  { path: '/rooms', labelKey: 'nav.rooms', icon: DoorOpen },
  { path: '/events', labelKey: 'nav.events', icon: CalendarDays },
  { path: '/alerts', labelKey: 'nav.alerts', icon: TriangleAlert },
  { path: '/maintenance', labelKey: 'nav.maintenance', icon: Wrench },
  { path: '/energy', labelKey: 'nav.energy', icon: Zap },
  { path: '/datacenters', labelKey: 'nav.datacenters', icon: Server },
  { path: '/system-health', labelKey: 'nav.systemHealth', icon: Activity },
  { path: '/suppliers', labelKey: 'nav.suppliers', icon: Truck },
  { path: '/purchase-orders', labelKey: 'nav.purchaseOrders', icon: ShoppingCart },
];

/** The 'Administração' section (admin-only once accounts exist). */
export const adminNavItems: NavItem[] = [
  { path: '/users', labelKey: 'nav.users', icon: Users },
  { path: '/settings', labelKey: 'nav.settings', icon: Settings },
  { path: '/privacy', labelKey: 'nav.privacy', icon: ShieldCheck },
];

export function isNavItemActive(item: NavItem, location: string): boolean {
  const path = location.replace(/(.)\/+$/, '$1').toLowerCase();
  if (item.path === '/') return path === '/';
  return path === item.path || path.startsWith(`${item.path}/`);
}

export function findNavItem(location: string): NavItem | undefined {
  return [...mainNavItems, ...adminNavItems].find((item) => isNavItemActive(item, location));
}
