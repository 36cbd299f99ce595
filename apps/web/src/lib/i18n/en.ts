import type { pt } from './pt';

/** English strings. Typed by pt's keys: a missing or extra key is a type error. */
export const en: Record<keyof typeof pt, string> = {
  'app.name': 'Sentinela',
  'app.loading': 'Loading...',
  'app.skipToContent': 'Skip to content',
  'app.notifications': 'Notifications',

  'nav.main': 'Main navigation',
  'nav.dashboard': 'Dashboard',
  'nav.facilities': 'Facilities',
  'nav.equipment': 'Equipment',
  'nav.motors': 'Motors',
  'nav.lights': 'Lighting',
  'nav.hvac': 'HVAC & Climate',
  'nav.weather': 'Weather Forecast',
  'nav.rooms': 'Rooms',
  'nav.events': 'Events',
  'nav.alerts': 'Alerts',
  'nav.maintenance': 'Maintenance',
  'nav.energy': 'Energy',
  'nav.datacenters': 'Data Centers',
  'nav.systemHealth': 'System Health',
  'nav.suppliers': 'Suppliers',
  'nav.purchaseOrders': 'Purchase Orders',
  'nav.administration': 'Administration',
  'nav.users': 'Users',
  'nav.settings': 'Settings',
  'nav.privacy': 'Privacy',

  'sidebar.toggle': 'Toggle sidebar',
  'sidebar.openMenu': 'Open menu',
  'sidebar.closeMenu': 'Close menu',
  'sidebar.resize': 'Resize sidebar',
  'sidebar.menuTitle': 'Menu',
  'sidebar.menuDescription': 'Navigation between the portal areas',

  'language.label': 'Language',
  'language.current': 'Language: English',
  'language.pt': 'Português',
  'language.en': 'English',

  'theme.toLight': 'Switch to light theme',
  'theme.toDark': 'Switch to dark theme',

  'user.menu': 'User menu',
  'user.signOut': 'Sign out',

  'auth.login.title': 'Sign in',
  'auth.register.title': 'Create account',
  'auth.setup2fa.title': 'Set up two-factor authentication',

  'auth.checking': 'Checking authentication...',
  'auth.checkFailed': 'Could not check your session. Check the connection and try again.',
  'auth.retry': 'Try again',

  'notFound.title': 'Page not found',
  'notFound.description': 'The address {path} does not exist or has moved.',
  'notFound.back': 'Back to the Dashboard',
};
