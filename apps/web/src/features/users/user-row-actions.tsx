import type { UserListItem } from '@sentinela/shared/auth';
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { DisabledReason } from '../../components/role-gated';
import { useStrings } from '../../lib/i18n/strings';
import { usersStrings } from './users.strings';

interface UserRowActionsProps {
  user: Pick<UserListItem, 'id' | 'name' | 'disabledAt' | 'twoFactorEnabled'>;
  /** The signed-in administrator's own row: the server refuses these actions on it. */
  isMe: boolean;
  /** A change to this row is on its way: its buttons wait. */
  pending: boolean;
  onSetDisabled: (disabled: boolean) => void;
  onResetTwoFactor: () => void;
}

type Confirming = 'disable' | 'enable' | 'resetTwoFactor' | null;

/** A row's "Desativar / Ativar" and "Redefinir 2FA", each behind a confirmation. */
export function UserRowActions({ user, isMe, pending, onSetDisabled, onResetTwoFactor }: UserRowActionsProps) {
  const t = useStrings(usersStrings);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const disabled = user.disabledAt !== null;
  const ownReason = isMe ? t('ownActionLocked') : null;
  const resetReason = ownReason ?? (user.twoFactorEnabled ? null : t('twoFactorNotSet'));

  const dialog = {
    disable: {
      title: t('disableTitle', { name: user.name }),
      description: t('disableDescription'),
      confirmLabel: t('disable'),
      run: () => onSetDisabled(true),
    },
    enable: {
      title: t('enableTitle', { name: user.name }),
      description: t('enableDescription'),
      confirmLabel: t('enable'),
      run: () => onSetDisabled(false),
    },
    resetTwoFactor: {
      title: t('resetTwoFactorTitle', { name: user.name }),
      description: t('resetTwoFactorDescription'),
      confirmLabel: t('resetTwoFactor'),
      run: onResetTwoFactor,
    },
  };
  const open = confirming ? dialog[confirming] : null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <WithReason reason={ownReason}>
        <Button
          variant="outline"
          size="sm"
          disabled={ownReason !== null || pending}
          onClick={() => setConfirming(disabled ? 'enable' : 'disable')}
        >
          {disabled ? t('enable') : t('disable')}
        </Button>
      </WithReason>
      <WithReason reason={resetReason}>
        <Button
          variant="outline"
          size="sm"
          disabled={resetReason !== null || pending}
          onClick={() => setConfirming('resetTwoFactor')}
        >
          {t('resetTwoFactor')}
        </Button>
      </WithReason>
      <ConfirmDialog
        open={open !== null}
        onOpenChange={(next) => {
          if (!next) setConfirming(null);
        }}
        title={open?.title ?? ''}
        description={open?.description ?? ''}
        confirmLabel={open?.confirmLabel}
        destructive={confirming !== 'enable'}
        onConfirm={() => open?.run()}
      />
    </div>
  );
}

/** A button that may not be used stays visible, disabled, with the reason (null: usable). */
function WithReason({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (reason === null) return children;
  return <DisabledReason reason={reason}>{children}</DisabledReason>;
}
