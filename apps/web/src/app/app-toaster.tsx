import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { useLanguage } from '../lib/i18n/language-context';
import { isToasterRequested, loadSonner, subscribeToasterRequest } from '../lib/notify';
import { useTheme } from '../lib/theme/theme-context';

/** Spec §9: up to 3 visible, 4 s, bottom-right, following the theme. */
export const TOAST_VISIBLE = 3;
export const TOAST_DURATION_MS = 4000;

// A failed load must not take the page down with it: no toaster then, the error is logged.
const Toaster = lazy<ComponentType<ToasterProps>>(() =>
  loadSonner()
    .then((module) => ({ default: module.Toaster }))
    .catch(() => ({ default: () => null })),
);

/** Mounts sonner's Toaster once the first notification is requested (see lib/notify). */
export function AppToaster() {
  const requested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  const { theme } = useTheme();
  const { t } = useLanguage();
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        visibleToasts={TOAST_VISIBLE}
        duration={TOAST_DURATION_MS}
        position="bottom-right"
        theme={theme}
        richColors
        closeButton
        containerAriaLabel={t('app.notifications')}
      />
    </Suspense>
  );
}
