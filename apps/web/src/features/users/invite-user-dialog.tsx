/** What users.invite answers. */
export interface InviteUserResult {
  link: string;
  expiresAt: Date;
}
import { roles as roleOrder, type Role } from '@sentinela/shared/auth-rules';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { layoutStrings } from '../../lib/i18n/layout-strings';
import { useStrings } from '../../lib/i18n/strings';
import { usersStrings } from './users.strings';

interface InviteUserDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** Sends the invitation; answers the link (shown once) or throws (the page shows the error). */
  onInvite: (input: { email: string; role: Role }) => Promise<InviteUserResult>;
}

const fieldClass =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60';

/** "Convidar usuário": an e-mail and a role; then the one-time link, to copy (it was also e-mailed). */
export function InviteUserDialog({ open, onOpenChange, pending, onInvite }: InviteUserDialogProps) {
  const t = useStrings(usersStrings);
  const tLayout = useStrings(layoutStrings);
  const { language } = useLanguage();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('viewer');
  const [result, setResult] = useState<InviteUserResult | null>(null);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setEmail('');
      setRole('viewer');
      setResult(null);
    }
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('close')}>
        <DialogTitle>{t('inviteTitle')}</DialogTitle>
        <DialogDescription>{t('inviteDescription')}</DialogDescription>
        {result ? (
          <div className="flex flex-col gap-2 text-sm">
            <p role="status">{t('inviteSent', { date: formatDateTime(result.expiresAt, language) })}</p>
            <label htmlFor="invite-link" className="font-medium">
              {t('inviteLink')}
            </label>
            <input
              id="invite-link"
              readOnly
              value={result.link}
              className={fieldClass}
              onFocus={(e) => e.target.select()}
            />
            <div className="flex justify-end">
              <Button onClick={() => close(false)}>{t('done')}</Button>
            </div>
          </div>
        ) : (
          <form
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              if (pending) return;
              onInvite({ email: email.trim(), role }).then(setResult, () => undefined);
            }}
          >
            <label htmlFor="invite-email" className="text-sm font-medium">
              {t('email')}
            </label>
            <input
              id="invite-email"
              type="email"
              required
              maxLength={254}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              className={fieldClass}
            />
            <label htmlFor="invite-role" className="text-sm font-medium">
              {t('role')}
            </label>
            <select
              id="invite-role"
              value={role}
              onChange={(e) => setRole(e.target.value as Role)}
              className={fieldClass}
            >
              {roleOrder.map((r) => (
                <option key={r} value={r}>
                  {tLayout(`role.${r}`)}
                </option>
              ))}
            </select>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={pending}>
                {pending ? t('inviting') : t('invite')}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
