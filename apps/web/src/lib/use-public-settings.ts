import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@sentinela/shared/settings';
import { useTRPC } from './trpc';

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

/** Site-wide settings anyone may read (site name, theme switching, default language). */
export function usePublicSettings(): PublicSettings {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.settings.public.queryOptions());
  return data ?? DEFAULT_PUBLIC_SETTINGS;
}
