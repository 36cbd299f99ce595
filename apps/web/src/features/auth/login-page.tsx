import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import { errorMessage } from '../../lib/api-errors';
import { loginStrings } from './login.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';
import { authApi } from './auth-api';
import { AuthCard } from './auth-card';
import { buttonClass, Field, SubmitButton } from './auth-ui';
import { useSessionChange } from '../../lib/session-change';
import { useCompleteSignIn } from './use-complete-sign-in';

// The code step is fetched when the password is submitted (while the server answers), keeping
// it out of /login's first load, which is budgeted.
const loadCodeStep = () => import('./login-code-step');
const LoginCodeStep = lazy(() => loadCodeStep().then((module) => ({ default: module.LoginCodeStep })));

// The forgotten-password forms are their own chunk too, loaded when asked for.
const loadPasswordReset = () => import('./password-reset');
const ForgotPasswordForm = lazy(() => loadPasswordReset().then((module) => ({ default: module.ForgotPasswordForm })));
const ResetPasswordForm = lazy(() => loadPasswordReset().then((module) => ({ default: module.ResetPasswordForm })));

type Step = { kind: 'password' } | { kind: 'code'; method: 'totp' | 'sms' } | { kind: 'forgot' };

/**
 * /login: e-mail and password, then — for an account with 2FA — the code step on the same page
 * (PRODUCT §2: the second factor at every sign-in).
 */
export default function LoginPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(loginStrings);
  const completeSignIn = useCompleteSignIn();
  const session = useSessionChange();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // `/login?reset=<token>`: the link of a forgotten-password e-mail.
  const [params, setParams] = useSearchParams();
  const resetToken = params.get('reset');

  const login = useApiMutation(authApi.login, {
    onSuccess: async (result) => {
      if ('twoFactorRequired' in result) {
        setPassword('');
        setStep({ kind: 'code', method: result.method ?? 'totp' });
        return;
      }
      await completeSignIn(result);
    },
    onError: (error) => {
      notify.error(errorMessage(error, t('loginFailed')));
    },
  });

  const loading = (
    <p role="status" className="mt-2 text-sm text-muted-foreground">
      {tCore('app.loading')}
    </p>
  );

  // The reset, forgotten-password and code steps: their own chunks, in the card while they load.
  const lazyStep = (title: string, step: ReactNode) => (
    <AuthCard title={title}>
      <Suspense fallback={loading}>{step}</Suspense>
    </AuthCard>
  );
  const backToPassword = () => {
    setStep({ kind: 'password' });
  };

  if (resetToken)
    return lazyStep(
      tCore('auth.login.title'),
      <ResetPasswordForm
        token={resetToken}
        onDone={() => {
          setParams({}, { replace: true });
        }}
      />,
    );
  if (step.kind === 'forgot')
    return lazyStep(tCore('auth.login.title'), <ForgotPasswordForm onBack={backToPassword} />);
  if (step.kind === 'code')
    return lazyStep(t('codeTitle'), <LoginCodeStep method={step.method} onBack={backToPassword} />);

  return (
    <AuthCard title={tCore('auth.login.title')}>
      <form
        className="mt-6 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (login.isPending) return;
          loadCodeStep().catch(() => undefined); // a failure shows when the step renders
          session.expect();
          login.mutate({ email: email.trim(), password });
        }}
      >
        <Field
          id="login-email"
          label={t('email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onValueChange={setEmail}
        />
        <Field
          id="login-password"
          label={t('password')}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValueChange={setPassword}
        />
        <SubmitButton pending={login.isPending} label={t('loginSubmit')} pendingLabel={t('loginPending')} />
      </form>
      <button
        type="button"
        className={`${buttonClass.link} mt-3`}
        onClick={() => {
          setStep({ kind: 'forgot' });
        }}
      >
        {t('forgotPassword')}
      </button>
      <p className="mt-4 text-xs text-muted-foreground">{t('twoFactorNote')}</p>
      <p className="mt-4 text-sm text-muted-foreground">
        {t('noAccount')}{' '}
        <Link href="/register" className={buttonClass.link}>
          {t('registerLink')}
        </Link>
      </p>
    </AuthCard>
  );
}
