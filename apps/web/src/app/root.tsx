import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { PublicSettings } from '@sentinela/shared/settings';
import { PageLoading } from '../components/page-loading';
import { lazyChunk } from '../lib/lazy-chunk';
import { DEFAULT_PUBLIC_SETTINGS } from '../lib/use-public-settings';
import { ErrorBoundary } from './error-boundary';
import { FullApp } from './full-app-chunk';
import { SiteShell } from './site-shell';
import { SIGN_IN_SHELL_PATHS } from './start';

/** The sign-in shell's own chunk (with the plain-fetch client): a protected first load never fetches it. */
export const signInShell = lazyChunk(() => import('./sign-in-shell'));

/**
 * The app's root: the site shell around either the sign-in shell or the full app (ADR 022). The
 * sign-in shell gives way to the full app, for good and without a page load, as soon as the
 * location leaves its pages (after a sign-in, its hand-over done, the page goes to / or /setup-2fa).
 */
export function Root({ startInSignInShell }: { startInSignInShell: boolean }) {
  const [location] = useLocation();
  const [inSignInShell, setInSignInShell] = useState(startInSignInShell);
  if (inSignInShell && !SIGN_IN_SHELL_PATHS.includes(location)) setInSignInShell(false);

  // settings.public: asked by the sign-in shell, then kept by the full app's query (AppProviders).
  const [settings, setSettings] = useState<PublicSettings | undefined>(undefined);

  return (
    <ErrorBoundary>
      <SiteShell settings={settings ?? DEFAULT_PUBLIC_SETTINGS}>
        <Suspense fallback={<PageLoading fullPage />}>
          {inSignInShell ? (
            <signInShell.Component settings={settings} onSettings={setSettings} />
          ) : (
            <FullApp settings={settings} onSettings={setSettings} />
          )}
        </Suspense>
      </SiteShell>
    </ErrorBoundary>
  );
}
