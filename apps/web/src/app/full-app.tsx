import { useState } from 'react';
import type { PublicSettings } from '@sentinela/shared/settings';
import { readCachedUser, type SessionUser } from '../lib/session-user';
import { AppRoutes } from './app-routes';
import { AppProviders, createAppClients, type AppClients } from './providers';
import { preloadRouteData } from './route-data';
import { findRoute, preloadRoute, protectedRoutes } from './routes';

/**
 * The full app: tRPC, TanStack Query, the auth gate, the dashboard layout and every page. Its own
 * chunk (ADR 022): a signed-out first load of /login or /register shows the sign-in shell
 * (root.tsx) and loads this only once someone signs in; every other first load asks for it at
 * once (main.tsx).
 */
let clients: AppClients | undefined;

/** The app's clients, made once; `settings` (an answer the shell already has) is not asked again. */
function appClients(settings?: PublicSettings): AppClients {
  if (!clients) {
    clients = createAppClients();
    if (settings) clients.queryClient.setQueryData(clients.trpc.settings.public.queryKey(), settings);
  }
  return clients;
}

/**
 * A first load straight into the full app: when a signed-in user is cached, the page's first
 * queries leave now, beside the session check (auth.me), instead of once the gate has let the
 * page render.
 */
export function startFullApp(pathname: string): void {
  const { queryClient, trpc } = appClients();
  const route = findRoute(protectedRoutes, pathname);
  if (route && readCachedUser()?.twoFactorEnabled) preloadRouteData(route.path, { queryClient, trpc });
}

/**
 * The sign-in shell's hand-over (spec §4, "refresh the user"): the new session's user (when the
 * answer carried it) and the server's word on it, before the page moves on to / or /setup-2fa.
 */
export async function takeOverSession({ user, settings }: { user?: SessionUser; settings?: PublicSettings }) {
  const { queryClient, trpc } = appClients(settings);
  if (user) queryClient.setQueryData(trpc.auth.me.queryKey(), user);
  // With 2FA on, the page goes on to the dashboard: its chunks and first queries leave now.
  if (user?.twoFactorEnabled) preloadRoute('/', { queryClient, trpc });
  // As the full app's own refresh (invalidateQueries): a failed check keeps what is known.
  await queryClient.fetchQuery({ ...trpc.auth.me.queryOptions(), staleTime: 0 }).catch(() => undefined);
}

interface FullAppProps {
  /** The shell's settings.public answer, if it has one (after a sign-in). */
  settings?: PublicSettings;
  onSettings: (settings: PublicSettings) => void;
}

export default function FullApp({ settings, onSettings }: FullAppProps) {
  const [appClientsOnce] = useState(() => appClients(settings));
  return (
    <AppProviders clients={appClientsOnce} onSettings={onSettings}>
      <AppRoutes />
    </AppProviders>
  );
}
