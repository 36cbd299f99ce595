import type { Role } from '@sentinela/shared/auth-rules';
import { lazyPage, type LazyPage } from './lazy-page';

/**
 * Every route, each page in its own chunk (chunk names keep the page file name, e.g.
 * assets/motors-page-<hash>.js). Lives in the entry so the page chunk can start loading
 * alongside the layout chunk on the first visit.
 */
export interface AppRoute {
  path: string;
  page: LazyPage;
  /** The role the page needs; without it the layout shows the "no permission" page. */
  requires?: Role;
}

/** Outside the dashboard layout; reachable without signing in. */
export const publicRoutes: AppRoute[] = [
  { path: '/login', page: lazyPage(() => import('../features/auth/login-page')) },
  { path: '/register', page: lazyPage(() => import('../features/auth/register-page')) },
  { path: '/setup-2fa', page: lazyPage(() => import('../features/auth/setup-2fa-page')) },
];

/** Inside the dashboard layout. */
export const protectedRoutes: AppRoute[] = [
  { path: '/', page: lazyPage(() => import('../features/dashboard/dashboard-page')) },
  { path: '/equipment', page: lazyPage(() => import('../features/equipment/equipment-page')) },
  { path: '/motors', page: lazyPage(() => import('../features/motors/motors-page')) },
  { path: '/lights', page: lazyPage(() => import('../features/lights/lights-page')) },
  { path: '/alerts', page: lazyPage(() => import('../features/alerts/alerts-page')) },
  {
    path: '/maintenance',
    page: lazyPage(() => import('../features/maintenance/maintenance-page')),
  },
  { path: '/energy', page: lazyPage(() => import('../features/energy/energy-page')) },
  {
    path: '/datacenters',
    page: lazyPage(() => import('../features/datacenters/datacenters-page')),
  },
  { path: '/facilities', page: lazyPage(() => import('../features/facilities/facilities-page')) },
  { path: '/hvac', page: lazyPage(() => import('../features/hvac/hvac-page')) },
  { path: '/weather', page: lazyPage(() => import('../features/weather/weather-page')) },
  { path: '/rooms', page: lazyPage(() => import('../features/rooms/rooms-page')) },
  { path: '/events', page: lazyPage(() => import('../features/events/events-page')) },
  {
    path: '/system-health',
    page: lazyPage(() => import('../features/system-health/system-health-page')),
  },
  { path: '/suppliers', page: lazyPage(() => import('../features/suppliers/suppliers-page')) },
  {
    path: '/purchase-orders',
    page: lazyPage(() => import('../features/purchase-orders/purchase-orders-page')),
  },
  { path: '/users', page: lazyPage(() => import('../features/users/users-page')), requires: 'admin' },
  {
    path: '/settings',
    page: lazyPage(() => import('../features/settings/settings-page')),
    requires: 'admin',
  },
  { path: '/privacy', page: lazyPage(() => import('../features/privacy/privacy-page')), requires: 'admin' },
];

/** /404 and every unknown path, inside the layout. */
export const notFoundPage = lazyPage(() => import('../features/not-found/not-found-page'));

export const dashboardLayout = lazyPage(() => import('./layout/dashboard-layout'));

function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '').toLowerCase();
  return trimmed === '' ? '/' : trimmed;
}

export function findRoute(routes: AppRoute[], pathname: string): AppRoute | undefined {
  const path = normalizePath(pathname);
  return routes.find((route) => route.path === path);
}

function preload(page: LazyPage): void {
  // A failure surfaces when the page renders (error screen); nothing to do here.
  page.preload().catch(() => undefined);
}

/** Fetches what `pathname` will render, in parallel (layout chunk + page chunk). */
export function preloadRoute(pathname: string): void {
  const publicRoute = findRoute(publicRoutes, pathname);
  if (publicRoute) {
    preload(publicRoute.page);
    return;
  }
  preload(dashboardLayout);
  preload(findRoute(protectedRoutes, pathname)?.page ?? notFoundPage);
}
