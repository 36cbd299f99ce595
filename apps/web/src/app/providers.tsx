import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { AppRouter } from '@sentinela/server/router';
import type { PublicSettings } from '@sentinela/shared/settings';
import { createQueryClient } from '../lib/query-client';
import { SessionChangeContext, type SessionChange } from '../lib/session-change';
import { TRPCProvider, createTrpcClient, useTRPC, type TrpcClient } from '../lib/trpc';
import { useUserCache } from '../lib/use-current-user';

export interface AppClients {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
  /** Query keys and options outside React (route data, the sign-in hand-over). */
  trpc: TRPCOptionsProxy<AppRouter>;
}

/** The full app's query and tRPC clients, made once (full-app.tsx). */
export function createAppClients(): AppClients {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  return { queryClient, trpcClient, trpc: createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient }) };
}

interface AppProvidersProps {
  clients: AppClients;
  /** Receives each answer of settings.public, which the shell around the app shows. */
  onSettings: (settings: PublicSettings) => void;
  children: ReactNode;
}

export function AppProviders({ clients, onSettings, children }: AppProvidersProps) {
  const { queryClient, trpcClient } = clients;
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <PublicSettingsSource onSettings={onSettings} />
        <SessionChangeProvider>{children}</SessionChangeProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** Keeps the shell's public settings in step with the settings.public query (a saved change refetches it). */
function PublicSettingsSource({ onSettings }: { onSettings: (settings: PublicSettings) => void }) {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.settings.public.queryOptions());
  useEffect(() => {
    if (data) onSettings(data);
  }, [data, onSettings]);
  return null;
}

/** After a sign-in inside the full app: drop the previous user's answers, then refresh auth.me. */
function SessionChangeProvider({ children }: { children: ReactNode }) {
  const { refreshUser, forgetUserData } = useUserCache();
  const change = useMemo<SessionChange>(
    () => ({
      expect: () => undefined, // everything is here already
      complete: async (user) => {
        forgetUserData();
        await refreshUser(user);
      },
    }),
    [refreshUser, forgetUserData],
  );
  return <SessionChangeContext value={change}>{children}</SessionChangeContext>;
}
