/**
 * THE list of the portal's routes, in the sidebar's order (spec §2). The router, the sidebar,
 * the top bar's title, the auth gate's public paths and the e2e route list all derive from it,
 * so adding an area is one entry here plus its feature folder.
 *
 * Plain data with no imports: the e2e specs read it too (they run in Node, not in the app).
 * What the entries name is checked where it is used: `page` against the page modules
 * (routes.ts, and a unit test), `nav.label` against the core dictionary and `nav.icon` against
 * the sidebar's icons (nav-items.ts, at compile time).
 */
export interface RouteEntry {
  path: string;
  /** The page module under features/, `<folder>/<file>` without `.tsx`; its default export renders the page. */
  page: string;
  /** Renders outside the dashboard layout, without a signed-in user. */
  public?: boolean;
  /** The role the page needs; without it the layout shows the "no permission" page. */
  requires?: 'operator' | 'admin';
  /** Where the sidebar lists it: the main menu or the 'Administração' section (admins only). */
  nav?: { section: 'main' | 'admin'; label: string; icon: string };
}

export const routeTable = [
  { path: '/login', page: 'auth/login-page', public: true },
  { path: '/register', page: 'auth/register-page', public: true },
  { path: '/setup-2fa', page: 'auth/setup-2fa-page', public: true },

  {
    path: '/',
    page: 'dashboard/dashboard-page',
    nav: { section: 'main', label: 'nav.dashboard', icon: 'LayoutDashboard' },
  },
  {
    path: '/facilities',
    page: 'facilities/facilities-page',
    nav: { section: 'main', label: 'nav.facilities', icon: 'Factory' },
  },
  {
    path: '/equipment',
    page: 'equipment/equipment-page',
    nav: { section: 'main', label: 'nav.equipment', icon: 'Cpu' },
  },
  { path: '/motors', page: 'motors/motors-page', nav: { section: 'main', label: 'nav.motors', icon: 'Cog' } },
  { path: '/lights', page: 'lights/lights-page', nav: { section: 'main', label: 'nav.lights', icon: 'Lightbulb' } },
  { path: '/hvac', page: 'hvac/hvac-page', nav: { section: 'main', label: 'nav.hvac', icon: 'Fan' } },
  { path: '/weather', page: 'weather/weather-page', nav: { section: 'main', label: 'nav.weather', icon: 'CloudSun' } },
  { path: '/rooms', page: 'rooms/rooms-page', nav: { section: 'main', label: 'nav.rooms', icon: 'DoorOpen' } },
  { path: '/events', page: 'events/events-page', nav: { section: 'main', label: 'nav.events', icon: 'CalendarDays' } },
  { path: '/alerts', page: 'alerts/alerts-page', nav: { section: 'main', label: 'nav.alerts', icon: 'TriangleAlert' } },
  {
    path: '/maintenance',
    page: 'maintenance/maintenance-page',
    nav: { section: 'main', label: 'nav.maintenance', icon: 'Wrench' },
  },
  { path: '/energy', page: 'energy/energy-page', nav: { section: 'main', label: 'nav.energy', icon: 'Zap' } },
  {
    path: '/datacenters',
    page: 'datacenters/datacenters-page',
    nav: { section: 'main', label: 'nav.datacenters', icon: 'Server' },
  },
  {
    path: '/system-health',
    page: 'system-health/system-health-page',
    nav: { section: 'main', label: 'nav.systemHealth', icon: 'Activity' },
  },
  {
    path: '/suppliers',
    page: 'suppliers/suppliers-page',
    nav: { section: 'main', label: 'nav.suppliers', icon: 'Truck' },
  },
  {
    path: '/purchase-orders',
    page: 'purchase-orders/purchase-orders-page',
    nav: { section: 'main', label: 'nav.purchaseOrders', icon: 'ShoppingCart' },
  },

  {
    path: '/users',
    page: 'users/users-page',
    requires: 'admin',
    nav: { section: 'admin', label: 'nav.users', icon: 'Users' },
  },
  {
    path: '/settings',
    page: 'settings/settings-page',
    requires: 'admin',
    nav: { section: 'admin', label: 'nav.settings', icon: 'Settings' },
  },
  {
    path: '/privacy',
    page: 'privacy/privacy-page',
    requires: 'admin',
    nav: { section: 'admin', label: 'nav.privacy', icon: 'ShieldCheck' },
  },
] as const satisfies readonly RouteEntry[];

/** /404 and every unknown path, inside the layout. */
export const notFoundPageName = 'not-found/not-found-page';

export type RoutePath = (typeof routeTable)[number]['path'];
