import { Route, Switch } from 'wouter';
import { hasRole } from '@sentinela/shared/auth-rules';
import { useCurrentUser } from '../../lib/use-current-user';
import { notFoundPage, protectedRoutes } from '../routes';
import { NoPermissionPage } from './no-permission-page';

/**
 * The pages inside the layout; /404 and any unknown path show the not-found page, and a page
 * that needs a role the user lacks (the administration pages) shows the "no permission" page.
 */
export function ProtectedRoutes() {
  const user = useCurrentUser();
  return (
    <Switch>
      {protectedRoutes.map(({ path, page, requires }) => (
        <Route
          key={path}
          path={path}
          component={requires && !hasRole(user, requires) ? NoPermissionPage : page.Component}
        />
      ))}
      <Route path="/404" component={notFoundPage.Component} />
      <Route component={notFoundPage.Component} />
    </Switch>
  );
}
