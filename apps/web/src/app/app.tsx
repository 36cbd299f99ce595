import { AppRoutes } from './app-routes';
import { ErrorBoundary } from './error-boundary';
import { AppProviders, type AppClients } from './providers';

export function App({ clients }: { clients: AppClients }) {
  return (
    <ErrorBoundary>
      <AppProviders clients={clients}>
        <AppRoutes />
      </AppProviders>
    </ErrorBoundary>
  );
}
