import { useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { useLanguage } from '../lib/i18n/language-context';
import { writeCachedUser } from '../lib/session-user';
import { useCurrentUserQuery } from '../lib/use-current-user';
import { decideGate, isPublicPath } from './auth-gate-decision';

/** Renders the routes the current user may see (see decideGate). */
export function AuthGate({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  const query = useCurrentUserQuery();
  const user = query.data;
  const signedIn = Boolean(user?.twoFactorEnabled);
  const onPublicPage = isPublicPath(location);

  // Remembers, for this page's life, that someone was signed in; a public page (where sign-out
  // lands) forgets it, so a later visit to a protected path redirects instead.
  const [sessionSeen, setSessionSeen] = useState(false);
  if (signedIn && !sessionSeen) setSessionSeen(true);
  if (!signedIn && onPublicPage && sessionSeen) setSessionSeen(false);

  useEffect(() => {
    if (query.isSuccess) writeCachedUser(query.data);
  }, [query.isSuccess, query.data]);

  const decision = decideGate({ pathname: location, status: query.status, user, sessionSeen });
  switch (decision.kind) {
    case 'render':
      return children;
    case 'redirect':
      return <Redirect to={decision.to} replace />;
    case 'checking':
      return <GateMessage />;
    case 'failed':
      return (
        <GateMessage
          failed
          onRetry={() => {
            void query.refetch();
          }}
        />
      );
  }
}

function GateMessage({ failed = false, onRetry }: { failed?: boolean; onRetry?: () => void }) {
  const { t } = useLanguage();
  return (
    <div
      role={failed ? 'alert' : 'status'}
      aria-live="polite"
      className="flex min-h-svh flex-col items-center justify-center gap-4 p-8 text-center text-sm text-muted-foreground"
    >
      <p>{failed ? t('auth.checkFailed') : t('auth.checking')}</p>
      {failed && (
        // Plain markup: the gate is in the full app's chunk (ADR 022), kept free of UI libraries.
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex h-9 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground shadow-xs outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring/60"
        >
          {t('auth.retry')}
        </button>
      )}
    </div>
  );
}
