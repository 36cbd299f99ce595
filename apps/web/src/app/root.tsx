import { Suspense, useEffect, useMemo, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import type { PublicSettings } from '@sentinela/shared/settings';
import { PageLoading } from '../components/page-loading';
import { apiQuery } from '../lib/api-fetch';
import { handleApiError } from '../lib/api-errors';
import { SessionChangeContext, type SessionChange } from '../lib/session-change';
import type { SessionUser } from '../lib/session-user';
import { DEFAULT_PUBLIC_SETTINGS } from '../lib/use-public-settings';
import { ErrorBoundary } from './error-boundary';
import { FullApp, loadFullApp } from './full-app-chunk';
import { publicRoutes } from './routes';
import { SiteShell } from './site-shell';

/** The pages the sign-in shell shows; any other path is the full app's. */
export const SIGN_IN_SHELL_PATHS: readonly string[] = ['/login', '/register'];

/**
 * ADR 022: a first load of /login or /register with no signed-in user cached starts in the
 * sign-in shell (React, the site shell and the page, which calls the API over plain fetch); any
 * other first load starts the full app at once.
 */
export function startsInSignInShell(pathname: string, cachedUser: SessionUser | null): boolean {
  return cachedUser === null && SIGN_IN_SHELL_PATHS.includes(pathname);
}

const signInPages = publicRoutes.filter((route) => SIGN_IN_SHELL_PATHS.includes(route.path));

const fetchPublicSettings = apiQuery('settings', 'public');

/**
 * The app's root: the site shell around either the sign-in shell or the full app. The sign-in
 * shell gives way to the full app, for good and without a page load, as soon as the location
 * leaves its pages (after a sign-in, its hand-over done, the page goes to / or /setup-2fa).
 */
export function Root({ signInShell }: { signInShell: boolean }) {
  const [location] = useLocation();
  const [inSignInShell, setInSignInShell] = useState(signInShell);
  if (inSignInShell && !SIGN_IN_SHELL_PATHS.includes(location)) setInSignInShell(false);

  // The full app keeps these from its own query (AppProviders); the sign-in shell asks once.
  const [settings, setSettings] = useState<PublicSettings | undefined>(undefined);
  useEffect(() => {
    if (!signInShell) return;
    let current = true;
    fetchPublicSettings()
      .then((answer) => {
        if (current) setSettings(answer);
      })
      .catch(handleApiError);
    return () => {
      current = false;
    };
  }, [signInShell]);

  const handOver = useMemo<SessionChange>(
    () => ({
      expect: () => {
        loadFullApp().catch(() => undefined); // a failure shows at the hand-over
      },
      complete: async (user) => {
        const app = await loadFullApp();
        await app.takeOverSession({ user, settings });
      },
    }),
    [settings],
  );

  return (
    <ErrorBoundary>
      <SiteShell settings={settings ?? DEFAULT_PUBLIC_SETTINGS}>
        <Suspense fallback={<PageLoading fullPage />}>
          {inSignInShell ? (
            <SessionChangeContext value={handOver}>
              <Switch>
                {signInPages.map(({ path, page: { Component } }) => (
                  <Route key={path} path={path}>
                    <Component />
                  </Route>
                ))}
              </Switch>
            </SessionChangeContext>
          ) : (
            <FullApp settings={settings} onSettings={setSettings} />
          )}
        </Suspense>
      </SiteShell>
    </ErrorBoundary>
  );
}
