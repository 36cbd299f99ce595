import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadFullApp } from './app/full-app-chunk';
import { Root, startsInSignInShell } from './app/root';
import { preloadRoute } from './app/routes';
import { readCachedUser } from './lib/session-user';
import './index.css';

// ADR 022: a signed-out first load of /login or /register needs only the sign-in shell; any other
// loads the full app (tRPC, TanStack Query, the layout) at once.
const { pathname } = window.location;
const signInShell = startsInSignInShell(pathname, readCachedUser());

// Fetch the page chunk (and the layout's) in parallel, before React asks for them; the full app,
// once here, starts the session check and, when a signed-in user is cached, the page's first queries.
preloadRoute(pathname);
if (!signInShell) {
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
    <Root signInShell={signInShell} />
  </StrictMode>,
);
