import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { errorMessage } from '../../lib/api-errors';
import { registerStrings } from './register.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { storeAuthToken } from '../../lib/session-user';
import { useSessionChange } from '../../lib/session-change';
import { useApiMutation } from '../../lib/use-api-mutation';
import { authApi } from './auth-api';
import { AuthCard } from './auth-card';
import { buttonClass, Field, SubmitButton } from './auth-ui';
import { NewPasswordFields, useNewPassword } from './new-password-fields';

/** /register: name, e-mail, password with the live checklist, confirmation (spec §2, §5). */
export default function RegisterPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(registerStrings);
  const [, navigate] = useLocation();
  const session = useSessionChange();
  // `/register?invite=<token>`: an administrator's invitation (the account gets its role).
  const [params] = useSearchParams();
  const invite = params.get('invite') ?? undefined;
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const newPassword = useNewPassword();
  const { password, confirmPassword } = newPassword;

  const register = useApiMutation(authApi.register, {
    // Spec §4: store the token if returned, toast, refresh the user, go to /setup-2fa.
    onSuccess: async (result) => {
      storeAuthToken(result);
      notify.success(t('registerSuccess'));
      await session.complete();
      navigate('/setup-2fa');
    },
    onError: (error) => {
      notify.error(errorMessage(error, t('registerFailed')));
    },
  });

  const canSubmit = newPassword.canSubmit(register.isPending);

  return (
    <AuthCard title={tCore('auth.register.title')}>
      <form
        className="mt-6 flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (register.isPending) return;
          // The button is disabled then; the handler keeps the spec's toast as a guard.
          if (password !== confirmPassword) {
            notify.error(t('passwordMismatch'));
            return;
          }
          if (!canSubmit) return;
          session.expect();
          register.mutate({ name: name.trim(), email: email.trim(), password, ...(invite ? { invite } : {}) });
        }}
      >
        {invite && <p className="text-sm text-muted-foreground">{t('invited')}</p>}
        <Field
          id="register-name"
          label={t('name')}
          autoComplete="name"
          required
          minLength={2}
          maxLength={120}
          value={name}
          onValueChange={setName}
        />
        <Field
          id="register-email"
          label={t('email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          onValueChange={setEmail}
        />
        <NewPasswordFields
          ids={{
            password: 'register-password',
            rules: 'register-password-rules',
            confirm: 'register-confirm-password',
          }}
          label={t('password')}
          t={t}
          value={newPassword}
        />
        <SubmitButton
          pending={register.isPending}
          disabled={!canSubmit}
          label={t('registerSubmit')}
          pendingLabel={t('registerPending')}
        />
      </form>
      <p className="mt-4 text-sm text-muted-foreground">
        {t('haveAccount')}{' '}
        <Link href="/login" className={buttonClass.link}>
          {t('loginLink')}
        </Link>
      </p>
    </AuthCard>
  );
}
