import { useState } from 'react';
import { Redirect, useLocation } from 'wouter';
import { RecoveryCodes } from '../../components/recovery-codes';
import { setup2faStrings } from './setup-2fa.strings';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useCurrentUserQuery, useUserCache } from '../../lib/use-current-user';
import { AuthCard } from './auth-card';
import { buttonClass } from './auth-ui';
import { SmsSetup } from './sms-setup';
import { TotpSetup } from './totp-setup';

type Method = 'totp' | 'sms';

/**
 * /setup-2fa: authenticator app (default) or SMS, then the recovery codes, shown once, and
 * 'Continuar' to the dashboard. Not signed in: /login. 2FA already on: /.
 */
export default function Setup2faPage() {
  const { t: tCore } = useLanguage();
  const t = useStrings(setup2faStrings);
  const me = useCurrentUserQuery();
  const { refreshUser } = useUserCache();
  const [, navigate] = useLocation();
  const [method, setMethod] = useState<Method>('totp');
  const [finished, setFinished] = useState<{ method: Method; recoveryCodes: string[] } | null>(null);
  const [leaving, setLeaving] = useState(false);
  const user = me.data;

  // First: the codes just issued stay on screen until 'Continuar', whatever auth.me says by then.
  if (finished && user) {
    return (
      <AuthCard title={t('recoveryTitle')} wide>
        <div className="mt-4 flex flex-col gap-4">
          <RecoveryCodes codes={finished.recoveryCodes} email={user.email} />
          <button
            type="button"
            className={buttonClass.primary}
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              // Spec §4: refresh the user, go to /.
              refreshUser({ ...user, twoFactorEnabled: true, twoFactorMethod: finished.method })
                .catch((error: unknown) => {
                  console.error('Could not refresh the user', error);
                })
                .finally(() => {
                  navigate('/');
                });
            }}
          >
            {t('continue')}
          </button>
        </div>
      </AuthCard>
    );
  }

  if (user === undefined) {
    return (
      <AuthCard title={tCore('auth.setup2fa.title')}>
        <p role={me.isError ? 'alert' : 'status'} className="mt-4 text-sm text-muted-foreground">
          {me.isError ? tCore('auth.checkFailed') : t('checking')}
        </p>
      </AuthCard>
    );
  }
  if (user === null) return <Redirect to="/login" replace />;
  if (user.twoFactorEnabled) return <Redirect to="/" replace />;

  const done = (recoveryCodes: string[]) => {
    setFinished({ method, recoveryCodes });
  };

  return (
    <AuthCard title={tCore('auth.setup2fa.title')} wide>
      <p className="mt-2 text-sm text-muted-foreground">{t('setupIntro')}</p>
      <fieldset className="mt-4 mb-4">
        <legend className="mb-2 text-sm font-medium">{t('method')}</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['totp', 'sms'] as const).map((option) => (
            <label
              key={option}
              className="flex cursor-pointer items-center gap-2 rounded-md border p-3 text-sm has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/60"
            >
              <input
                type="radio"
                name="two-factor-method"
                value={option}
                checked={method === option}
                onChange={() => {
                  setMethod(option);
                }}
                className="accent-primary"
              />
              {option === 'totp' ? t('methodTotp') : t('methodSms')}
            </label>
          ))}
        </div>
      </fieldset>
      {method === 'totp' ? <TotpSetup onDone={done} /> : <SmsSetup onDone={done} />}
    </AuthCard>
  );
}
