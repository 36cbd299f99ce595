/** The spec's routes (portal-spec.md §2), as the e2e specs visit them. */
export const publicRoutes = ['/login', '/register', '/setup-2fa'] as const;
export const protectedRoutes = [
  '/',
  '/equipment',
  '/motors',
  '/lights',
  '/alerts',
  '/maintenance',
  '/energy',
  '/datacenters',
  '/facilities',
  '/hvac',
  '/weather',
  '/rooms',
  '/events',
  '/system-health',
  '/suppliers',
  '/purchase-orders',
  '/users',
  '/settings',
  '/privacy',
] as const;
