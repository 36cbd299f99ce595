import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@sentinela/server/router';
import { App } from './app/app';
import { createAppClients } from './app/providers';
import { preloadRoute } from './app/routes';
import { readCachedUser } from './lib/session-user';
import './index.css';

const clients = createAppClients();

// Fetch the layout and page chunks in parallel, before React asks for them; when a signed-in
// user is cached, the page's first queries too, alongside the session check (auth.me).
const { queryClient, trpcClient } = clients;
preloadRoute(
  window.location.pathname,
  readCachedUser()?.twoFactorEnabled
    ? { queryClient, trpc: createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient }) }
    : undefined,
);

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App clients={clients} />
  </StrictMode>,
);
