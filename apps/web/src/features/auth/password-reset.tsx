import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';
import { authApi } from './auth-api';
import { buttonClass, Field, SubmitButton } from './auth-ui';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { passwordResetStrings } from './password-reset.strings';

/**
 * "Esqueci minha senha" on /login: the e-mail to send a link to. The answer is the same whether
 * the e-mail has an account or not, and so is what the form then says.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const t = useStrings(passwordResetStrings);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const request = useApiMutation(authApi.requestPasswordReset, {
    onSuccess: () => {
      setSent(true);
    },
    onError: (error) => {
      notify.error(errorMessage(error, t('sendFailed')));
    },
  });
  return (
    <div className="mt-4 flex flex-col gap-4">
      <h2 className="text-base font-semibold">{t('forgotTitle')}</h2>
      {sent ? (
        <p role="status" className="text-sm">
          {t('sent')}
        </p>
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (request.isPending) return;
            request.mutate({ email: email.trim() });
          }}
        >
          <p className="text-sm text-muted-foreground">{t('forgotIntro')}</p>
          <Field
            id="forgot-email"
            label={t('email')}
            type="email"
            autoComplete="username"
            required
            value={email}
            onValueChange={setEmail}
          />
          <SubmitButton pending={request.isPending} label={t('send')} pendingLabel={t('sending')} />
        </form>
      )}
      <button type="button" className={`${buttonClass.link} self-start`} onClick={onBack}>
        {t('backToLogin')}
      </button>
    </div>
  );
}

/** `/login?reset=<token>`: the new password with the live checklist; on success, back to the sign-in form. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const t = useStrings(passwordResetStrings);
  const newPassword = useNewPassword();
  const reset = useApiMutation(authApi.resetPassword, {
    onSuccess: () => {
      notify.success(t('saved'));
      onDone();
    },
    onError: (error) => {
      notify.error(errorMessage(error, t('saveFailed')));
    },
  });
  const canSubmit = newPassword.canSubmit(reset.isPending);
  return (
    <form
      className="mt-4 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSubmit) return;
        reset.mutate({ token, password: newPassword.password });
      }}
    >
      <h2 className="text-base font-semibold">{t('resetTitle')}</h2>
      <p className="text-sm text-muted-foreground">{t('resetIntro')}</p>
      <NewPasswordFields
        ids={{ password: 'reset-password', rules: 'reset-password-rules', confirm: 'reset-confirm-password' }}
        label={t('newPassword')}
        t={t}
        value={newPassword}
      />
      <SubmitButton pending={reset.isPending} disabled={!canSubmit} label={t('save')} pendingLabel={t('saving')} />
    </form>
  );
}
