import { useEffect, useMemo } from 'react';
import { Route, Switch } from 'wouter';
import type { PublicSettings } from '@sentinela/shared/settings';
import { apiQuery } from '../lib/api-fetch';
import { handleApiError } from '../lib/api-errors';
import { SessionChangeContext, type SessionChange } from '../lib/session-change';
import { loadFullApp } from './full-app-chunk';
import { publicRoutes } from './routes';
import { SIGN_IN_SHELL_PATHS } from './start';

const signInPages = publicRoutes.filter((route) => SIGN_IN_SHELL_PATHS.includes(route.path));

const fetchPublicSettings = apiQuery('settings', 'public');

interface SignInShellProps {
  /** The shell's settings.public answer, once there. */
  settings: PublicSettings | undefined;
  onSettings: (settings: PublicSettings) => void;
}

/**
 * ADR 022: /login and /register on a signed-out first load, without the full app. The pages call
 * the API over plain fetch (lib/api-fetch.ts); the public settings are asked here once. A sign-in
 * starts fetching the full app and, once it succeeded, hands the session over to it before the
 * page moves on (root.tsx then shows the full app).
 */
export default function SignInShell({ settings, onSettings }: SignInShellProps) {
  useEffect(() => {
    let current = true;
    fetchPublicSettings()
      .then((answer) => {
        if (current) onSettings(answer);
      })
      .catch(handleApiError);
    return () => {
      current = false;
    };
  }, [onSettings]);

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
    <SessionChangeContext value={handOver}>
      <Switch>
        {signInPages.map(({ path, page: { Component } }) => (
          <Route key={path} path={path}>
            <Component />
          </Route>
        ))}
      </Switch>
    </SessionChangeContext>
  );
}
