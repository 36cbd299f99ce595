import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { setup2faStrings } from './setup-2fa.strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { buttonClass, Field } from './auth-ui';
import { isCompleteCode } from './code';
import { codeSubmitHandler, setupVerifyCallbacks } from './code-form';
import { CodeInput, VerifyCodeButton } from './code-input';
import { parsePhone } from './phone';

const stepClass = 'flex flex-col gap-3 rounded-lg border p-4';
const stepTitleClass = 'text-sm font-semibold';

/**
 * SMS setup in three steps (spec §4): save the phone number, send the code (which reveals
 * step 3), enter and verify the code.
 */
export function SmsSetup({ onDone }: { onDone: (recoveryCodes: string[]) => void }) {
  const t = useStrings(setup2faStrings);
  const trpc = useTRPC();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [codeSent, setCodeSent] = useState(false);
  const [code, setCode] = useState('');

  const savePhone = useMutation(
    trpc.auth.setup2FASMS.mutationOptions({
      onSuccess: () => {
        notify.success(t('phoneSaved'));
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('phoneFailed')));
      },
    }),
  );
  const sendCode = useMutation(
    trpc.auth.sendSMSCode.mutationOptions({
      onSuccess: () => {
        notify.success(t('smsSent'));
        setCodeSent(true);
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('smsFailed')));
      },
    }),
  );
  const verify = useMutation(
    trpc.auth.verifySMSCode.mutationOptions(
      setupVerifyCallbacks({
        success: t('smsSuccess'),
        failure: t('invalidCode'),
        onDone,
        clearCode: () => {
          setCode('');
        },
      }),
    ),
  );

  return (
    <div className="flex flex-col gap-4">
      <form
        className={stepClass}
        aria-labelledby="sms-step-phone"
        onSubmit={(event) => {
          event.preventDefault();
          if (savePhone.isPending) return;
          const phoneNumber = parsePhone(phone);
          if (!phoneNumber) {
            setPhoneError(t('phoneInvalid'));
            notify.error(t('phoneInvalid'));
            return;
          }
          savePhone.mutate({ phoneNumber });
        }}
      >
        <h2 id="sms-step-phone" className={stepTitleClass}>
          {t('phoneStep')}
        </h2>
        <Field
          id="sms-phone"
          label={t('phoneLabel')}
          hint={t('phoneHint')}
          error={phoneError}
          type="tel"
          autoComplete="tel"
          placeholder="+5511987654321"
          value={phone}
          onValueChange={(value) => {
            setPhone(value);
            setPhoneError(null);
          }}
        />
        <button type="submit" className={buttonClass.outline} disabled={savePhone.isPending}>
          {t('savePhone')}
        </button>
      </form>

      <section className={stepClass} aria-labelledby="sms-step-send">
        <h2 id="sms-step-send" className={stepTitleClass}>
          {t('sendStep')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('sendText')}</p>
        <button
          type="button"
          className={buttonClass.outline}
          disabled={phone.trim() === '' || sendCode.isPending}
          onClick={() => {
            sendCode.mutate();
          }}
        >
          {codeSent ? t('resendSmsCode') : t('sendCode')}
        </button>
      </section>

      {codeSent && (
        <form
          className={stepClass}
          aria-labelledby="sms-step-verify"
          onSubmit={codeSubmitHandler({ code, verify, tooShort: t('codeLength') })}
        >
          <h2 id="sms-step-verify" className={stepTitleClass}>
            {t('verifyStep')}
          </h2>
          <CodeInput id="sms-code" label={t('codeLabel')} value={code} onChange={setCode} autoFocus />
          <VerifyCodeButton verify={verify} ready={isCompleteCode(code)} t={t} />
        </form>
      )}
    </div>
  );
}
