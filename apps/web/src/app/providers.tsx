import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LanguageProvider } from '../lib/i18n/language-provider';
import { createQueryClient } from '../lib/query-client';
import { ThemeProvider } from '../lib/theme/theme-provider';
import { TRPCProvider, createTrpcClient } from '../lib/trpc';
import { usePublicSettings } from '../lib/use-public-settings';
import { AppToaster } from './app-toaster';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
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
