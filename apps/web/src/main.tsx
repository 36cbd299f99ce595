import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchChunk } from './lib/lazy-chunk';
import { readCachedUser } from './lib/session-user';
import { loadFullApp } from './app/full-app-chunk';
import { Root, signInShell } from './app/root';
import { preloadRoute } from './app/routes';
import { startsInSignInShell } from './app/start';
import './index.css';

// ADR 022: a signed-out first load of /login or /register needs only the sign-in shell; any other
// loads the full app (tRPC, TanStack Query, the auth gate) at once.
const { pathname } = window.location;
const startInSignInShell = startsInSignInShell(pathname, readCachedUser());

// Fetch the page chunk (and the layout's) in parallel, before React asks for them; the full app,
// once here, starts the session check and, when a signed-in user is cached, the page's first queries.
preloadRoute(pathname);
if (startInSignInShell) {
  prefetchChunk(signInShell);
} else {
  loadFullApp()
    .then((app) => {
      app.startFullApp(pathname);
    })
    .catch(() => undefined); // the error screen says it when the app renders
}

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <Root startInSignInShell={startInSignInShell} />
  </StrictMode>,
);
