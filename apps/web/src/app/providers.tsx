import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LanguageProvider } from '../lib/i18n/language-provider';
import { createQueryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme/theme-provider';
import { TRPCProvider, createTrpcClient, type TrpcClient } from '../lib/trpc';
import { usePublicSettings } from '../lib/use-public-settings';
import { AppToaster } from './app-toaster';

export interface AppClients {
  queryClient: QueryClient;
  trpcClient: TrpcClient;
}

/** The query and tRPC clients, made once before the first render (main.tsx starts the route's data with them). */
export function createAppClients(): AppClients {
  return { queryClient: createQueryClient(), trpcClient: createTrpcClient() };
}

export function AppProviders({ clients, children }: { clients: AppClients; children: ReactNode }) {
  const { queryClient, trpcClient } = clients;
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SettingsProviders>{children}</SettingsProviders>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** Language and theme, fed by the public site settings (defaults while they load). */
function SettingsProviders({ children }: { children: ReactNode }) {
  const settings = usePublicSettings();
  return (
    <LanguageProvider fallbackLanguage={settings.defaultLanguage}>
      <ThemeProvider defaultTheme="dark" switchable={settings.themeSwitchable}>
        {children}
        <AppToaster />
      </ThemeProvider>
    </LanguageProvider>
  );
}
