import { describe, expect, it } from 'vitest';
import { PUBLIC_PATHS } from './auth-gate-decision';
import { adminNavItems, mainNavItems } from './layout/nav-items';
import { routeTable } from './route-table';
import { findRoute, notFoundPage, pageNamed, protectedRoutes, publicRoutes } from './routes';

describe('the route table', () => {
  it('names an existing page module for every route (routes.ts resolves them all on load), and refuses a missing one', async () => {
    expect(publicRoutes.length + protectedRoutes.length).toBe(routeTable.length);
    expect(typeof (await notFoundPage.preload()).default).toBe('function');
    expect(() => pageNamed('motors/no-such-page')).toThrow(/no-such-page/);
  });

  it('lists each path once, the three public ones first', () => {
    const paths = routeTable.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(PUBLIC_PATHS).toEqual(['/login', '/register', '/setup-2fa']);
    expect(publicRoutes.map((route) => route.path)).toEqual(PUBLIC_PATHS);
  });

  it('gives the sidebar the spec order and the admin section its three pages, admin-only', () => {
    expect(mainNavItems.map((item) => item.path)).toEqual([
      '/',
      '/facilities',
      '/equipment',
      '/motors',
      '/lights',
      '/hvac',
      '/weather',
      '/rooms',
      '/events',
      '/alerts',
      '/maintenance',
      '/energy',
      '/datacenters',
      '/system-health',
      '/suppliers',
      '/purchase-orders',
    ]);
    expect(adminNavItems.map((item) => item.path)).toEqual(['/users', '/settings', '/privacy']);
    for (const { path } of adminNavItems) expect(findRoute(protectedRoutes, path)?.requires).toBe('admin');
  });

  it('finds a route with a trailing slash or in capitals, and nothing for an unknown path', () => {
    expect(findRoute(protectedRoutes, '/Motors/')?.path).toBe('/motors');
    expect(findRoute(protectedRoutes, '/nowhere')).toBeUndefined();
  });
});
