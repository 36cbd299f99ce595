import { AppRoutes } from './app-routes';
import { ErrorBoundary } from './error-boundary';
import { AppProviders } from './providers';

export function App() {
  return (
    <ErrorBoundary>
      <AppProviders>
        <AppRoutes />
      </AppProviders>
    </ErrorBoundary>
  );
}
