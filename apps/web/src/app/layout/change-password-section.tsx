import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../features/auth/auth-ui';
import { NewPasswordFields, useNewPassword } from '../../features/auth/new-password-fields';
import { errorMessage } from '../../lib/api-errors';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { changePasswordStrings } from './change-password.strings';
import { DialogSection } from '../../components/dialog-section';

/**
 * The Security dialog's "Trocar senha": the current password, the new one (the live checklist of
 * the spec's rules) and a second-factor code (SMS accounts ask for theirs here); the server ends the user's other sessions.
 */
export function ChangePasswordSection({ method }: { method: 'totp' | 'sms' | null }) {
  const t = useStrings(changePasswordStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const newPassword = useNewPassword();
  const [code, setCode] = useState('');
  const close = () => {
    setOpen(false);
    setCurrentPassword('');
    newPassword.clear();
    setCode('');
  };
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: ({ signedOutOthers }) => {
        notify.success(t('changed', { count: signedOutOthers }));
        close();
        void queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.queryKey() });
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('failed')));
      },
    }),
  );
  const sendSms = useMutation(
    trpc.auth.sendPasswordChangeSMS.mutationOptions({
      onSuccess: () => notify.success(t('smsSent')),
      onError: (error) => notify.error(errorMessage(error, t('smsFailed'))),
    }),
  );
  const canSubmit = currentPassword !== '' && code.trim() !== '' && newPassword.canSubmit(change.isPending);

  return (
    <DialogSection titleId="security-password-title" icon={LockKeyhole} title={t('title')}>
      <p className="text-sm text-muted-foreground">{t('text')}</p>
      {open ? (
        <form
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!canSubmit) return;
            change.mutate({ currentPassword, newPassword: newPassword.password, code: code.trim() });
          }}
        >
          <Field
            id="change-current-password"
            label={t('currentPassword')}
            type="password"
            autoComplete="current-password"
            required
            maxLength={128}
            value={currentPassword}
            onValueChange={setCurrentPassword}
          />
          <NewPasswordFields
            ids={{
              password: 'change-new-password',
              rules: 'change-password-rules',
              confirm: 'change-confirm-password',
            }}
            label={t('newPassword')}
            t={t}
            value={newPassword}
          />
          <Field
            id="change-code"
            label={t('code')}
            autoComplete="one-time-code"
            required
            maxLength={32}
            hint={method === 'sms' ? t('codeHintSms') : t('codeHintTotp')}
            value={code}
            onValueChange={setCode}
          />
          {method === 'sms' ? (
            <div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={sendSms.isPending}
                onClick={() => sendSms.mutate()}
              >
                {sendSms.isPending ? t('sendingSms') : t('sendSms')}
              </Button>
            </div>
          ) : null}
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!canSubmit}>
              {change.isPending ? t('saving') : t('save')}
            </Button>
            <Button type="button" size="sm" variant="outline" disabled={change.isPending} onClick={close}>
              {t('cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <div>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setOpen(true);
            }}
          >
            {t('open')}
          </Button>
        </div>
      )}
    </DialogSection>
  );
}
