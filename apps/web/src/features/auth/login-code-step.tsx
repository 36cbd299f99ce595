import { useState } from 'react';
import { errorMessage, isUnauthorizedError } from '../../lib/api-errors';
import { loginCodeStrings } from './login-code.strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useApiMutation } from '../../lib/use-api-mutation';
import { authApi } from './auth-api';
import { buttonClass, Field } from './auth-ui';
import { isCompleteCode, normalizeRecoveryCode } from './code';
import { CodeInput, VerifyCodeButton } from './code-input';
import { useCompleteSignIn } from './use-complete-sign-in';

interface LoginCodeStepProps {
  method: 'totp' | 'sms';
  /** Back to e-mail and password (also when the server voided or expired the pending sign-in). */
  onBack: () => void;
}

/** The second sign-in step: the 6-digit code (app or SMS) or a recovery code. */
export function LoginCodeStep({ method, onBack }: LoginCodeStepProps) {
  const t = useStrings(loginCodeStrings);
  const completeSignIn = useCompleteSignIn();
  const [recoveryMode, setRecoveryMode] = useState(false);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');

  const verify = useApiMutation(authApi.verifyLogin2FA, {
    onSuccess: completeSignIn,
    onError: (error) => {
      notify.error(errorMessage(error, t('invalidCode')));
      setCode('');
      // Too many wrong codes or an expired step: the server dropped the pending sign-in.
      if (isUnauthorizedError(error)) onBack();
    },
  });
  const resend = useApiMutation(authApi.sendSMSCode, {
    onSuccess: () => {
      notify.success(t('smsSent'));
    },
    onError: (error) => {
      notify.error(errorMessage(error, t('smsFailed')));
      if (isUnauthorizedError(error)) onBack();
    },
  });

  const value = recoveryMode ? normalizeRecoveryCode(recoveryCode) : code;
  const ready = recoveryMode ? value !== '' : isCompleteCode(value);
  const intro = recoveryMode ? t('codeIntroRecovery') : method === 'sms' ? t('codeIntroSms') : t('codeIntroTotp');

  return (
    <form
      className="mt-2 flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (verify.isPending) return;
        if (!ready) {
          if (!recoveryMode) notify.error(t('codeLength'));
          return;
        }
        verify.mutate({ code: value });
      }}
    >
      <p className="text-sm text-muted-foreground">{intro}</p>
      {recoveryMode ? (
        <Field
          id="login-recovery-code"
          label={t('recoveryLabel')}
          hint={t('recoveryHint')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={recoveryCode}
          onValueChange={setRecoveryCode}
          className="font-mono"
        />
      ) : (
        <CodeInput id="login-code" label={t('codeLabel')} value={code} onChange={setCode} autoFocus />
      )}
      <VerifyCodeButton verify={verify} ready={ready} t={t} />
      <div className="flex flex-col items-start gap-2">
        <button
          type="button"
          className={buttonClass.link}
          onClick={() => {
            setRecoveryMode(!recoveryMode);
          }}
        >
          {recoveryMode ? t('useAppCode') : t('useRecoveryCode')}
        </button>
        {method === 'sms' && !recoveryMode && (
          <button
            type="button"
            className={buttonClass.link}
            disabled={resend.isPending}
            onClick={() => {
              resend.mutate();
            }}
          >
            {t('resendCode')}
          </button>
        )}
        <button type="button" className={buttonClass.link} onClick={onBack}>
          {t('backToPassword')}
        </button>
      </div>
    </form>
  );
}
