import { BrandMark } from '../../components/brand-mark';
import { Button } from '../../components/ui/button';
import { layoutStrings } from '../../lib/i18n/layout-strings';
import { useStrings } from '../../lib/i18n/strings';
import { getLoginUrl } from '../../lib/login-url';

/**
 * The layout's own sign-in screen (spec §2, PRODUCT §2b): a protected layout rendered without
 * a user, i.e. the session ended while the page was open. 'Sign in' goes to the login URL.
 */
export function SignInRequired() {
  const t = useStrings(layoutStrings);
  return (
    <main className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <title>{t('signInRequired')}</title>
      <section
        aria-labelledby="sign-in-required-title"
        className="flex w-full max-w-sm flex-col items-center gap-4 rounded-xl border bg-card p-6 text-center text-card-foreground shadow-sm"
      >
        <BrandMark />
        <h1 id="sign-in-required-title" className="text-xl font-semibold tracking-tight">
          {t('signInRequired')}
        </h1>
        <p className="text-sm text-muted-foreground">{t('signInRequiredDescription')}</p>
        <Button
          className="w-full"
          onClick={() => {
            window.location.assign(getLoginUrl());
          }}
        >
          {t('signIn')}
        </Button>
      </section>
    </main>
  );
}
