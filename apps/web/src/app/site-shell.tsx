import type { ReactNode } from 'react';
import type { PublicSettings } from '@sentinela/shared/settings';
import { LanguageProvider } from '../lib/i18n/language-provider';
import { ThemeProvider } from '../lib/theme/theme-provider';
import { PublicSettingsContext } from '../lib/use-public-settings';
import { AppToaster } from './app-toaster';

/**
 * What every screen sits in, the sign-in shell and the full app alike (ADR 022): the public
 * settings, language and theme (fed by them) and the toaster. It stays mounted when the full app
 * takes over after a sign-in, so the choices and the toasts on screen carry over.
 */
export function SiteShell({ settings, children }: { settings: PublicSettings; children: ReactNode }) {
  return (
    <PublicSettingsContext value={settings}>
      <LanguageProvider fallbackLanguage={settings.defaultLanguage}>
        <ThemeProvider defaultTheme="dark" switchable={settings.themeSwitchable}>
          {children}
          <AppToaster />
        </ThemeProvider>
      </LanguageProvider>
    </PublicSettingsContext>
  );
}
