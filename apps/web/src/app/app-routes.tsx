import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '../components/page-loading';
import { AuthGate } from './auth-gate';
import { dashboardLayout, publicRoutes } from './routes';

const DashboardLayout = dashboardLayout.Component;

/**
 * Public pages stand alone; everything else renders inside the dashboard layout, behind the
 * auth gate.
 */
export function AppRoutes() {
  return (
    <AuthGate>
      <Switch>
        {publicRoutes.map(({ path, page: { Component } }) => (
          <Route key={path} path={path}>
            <Suspense fallback={<PageLoading fullPage />}>
              <Component />
            </Suspense>
          </Route>
        ))}
        <Route>
          <Suspense fallback={<PageLoading fullPage />}>
            <DashboardLayout />
          </Suspense>
        </Route>
      </Switch>
    </AuthGate>
  );
}
