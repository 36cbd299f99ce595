import { Suspense, useCallback } from 'react';
import { PageLoading } from '../../components/page-loading';
import { SidebarInset } from '../../components/ui/sidebar';
import { SidebarProvider } from '../../components/ui/sidebar-provider';
import { TooltipProvider } from '../../components/ui/tooltip';
import { useLanguage } from '../../lib/i18n/language-context';
import { layoutStrings } from '../../lib/i18n/layout-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { hasRole } from '@sentinela/shared/auth-rules';
import { useCurrentUser } from '../../lib/use-current-user';
import { useSignOut } from '../../lib/use-sign-out';
import { AppSidebar } from './app-sidebar';
import { DemoHistoryBanner } from './demo-history-banner';
import { ProtectedRoutes } from './protected-routes';
import { SignInRequired } from './sign-in-required';
import { TopBar } from './top-bar';

/**
 * The frame of every protected page: sidebar, top bar and the page in <main>. The auth gate
 * lets it render for a signed-in user with 2FA, or after that user's session ended while the
 * page was open — then it shows its own sign-in screen.
 */
export default function DashboardLayout() {
  const { t } = useLanguage();
  const tLayout = useStrings(layoutStrings);
  const user = useCurrentUser();
  const signOut = useSignOut();
  const handleSignOut = useCallback(() => {
    signOut().catch((error: unknown) => {
      console.error('Sign-out failed', error);
      notify.error(tLayout('signOutFailed'));
    });
  }, [signOut, tLayout]);

  if (!user) return <SignInRequired />;

  return (
    <TooltipProvider>
      <SidebarProvider resizable>
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {t('app.skipToContent')}
        </a>
        <AppSidebar showAdminSection={hasRole(user, 'admin')} user={user} onSignOut={handleSignOut} />
        <SidebarInset>
          <TopBar />
          <DemoHistoryBanner />
          <main id="main-content" tabIndex={-1} className="flex-1 p-4 outline-none md:p-6">
            <Suspense fallback={<PageLoading />}>
              <ProtectedRoutes />
            </Suspense>
          </main>
        </SidebarInset>
      </SidebarProvider>
    </TooltipProvider>
  );
}
