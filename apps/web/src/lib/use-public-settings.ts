import { createContext, use } from 'react';
import type { PublicSettings } from '@sentinela/shared/settings';

/**
 * What the shell uses while the settings load or when they cannot be read. The same values as
 * `defaultPublicSettings` in @sentinela/shared/settings, repeated here because importing that
 * module's values would pull zod into the entry chunk.
 */
export const DEFAULT_PUBLIC_SETTINGS: PublicSettings = {
  siteName: 'Sentinela',
  themeSwitchable: true,
  defaultLanguage: 'pt',
};

/**
 * The public site settings (`settings.public`), given by the shell (app/site-shell.tsx): read
 * over plain fetch on a signed-out first load, then kept by the full app's query (ADR 022).
 */
export const PublicSettingsContext = createContext<PublicSettings>(DEFAULT_PUBLIC_SETTINGS);

/** Site-wide settings anyone may read (site name, theme switching, default language). */
export function usePublicSettings(): PublicSettings {
  return use(PublicSettingsContext);
}
