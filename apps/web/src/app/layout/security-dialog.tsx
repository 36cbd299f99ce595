import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, MonitorSmartphone } from 'lucide-react';
import { useState } from 'react';
import { SectionQuery } from '../../components/query-state';
import { RecoveryCodes } from '../../components/recovery-codes';
import { Button } from '../../components/ui/button';
import { DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { MyDataSection } from '../../features/privacy/my-data-section';
import { ChangePasswordSection } from './change-password-section';
import { securityStrings } from './security.strings';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../../lib/use-current-user';
import { describeUserAgent } from '../../lib/user-agent';
import { DialogSection } from '../../components/dialog-section';

type T = AreaTranslate<keyof (typeof securityStrings)['pt']>;

/**
 * The user menu's "Segurança" dialog (PRODUCT §2): change the password (issue 16), regenerate the recovery codes (shown once),
 * the user's open sessions, signing out the others, and their data (export, deletion request, retention). Its own chunk: loaded when opened.
 */
export default function SecurityDialogContent({ email }: { email: string }) {
  const t = useStrings(securityStrings);
  const twoFactorMethod = useCurrentUser()?.twoFactorMethod ?? null;
  return (
    <DialogContent closeLabel={t('close')}>
      <DialogTitle>{t('title')}</DialogTitle>
      <DialogDescription>{t('description')}</DialogDescription>
      <ChangePasswordSection method={twoFactorMethod} />
      <RecoveryCodesSection t={t} email={email} />
      <SessionsSection t={t} />
      <MyDataSection />
    </DialogContent>
  );
}

function RecoveryCodesSection({ t, email }: { t: T; email: string }) {
  const trpc = useTRPC();
  const [confirming, setConfirming] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const regenerate = useMutation(
    trpc.auth.regenerateRecoveryCodes.mutationOptions({
      onSuccess: ({ recoveryCodes }) => {
        setConfirming(false);
        setCodes(recoveryCodes);
        notify.success(t('regenerated'));
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('regenerateFailed')));
      },
    }),
  );

  return (
    <DialogSection titleId="security-recovery-title" icon={KeyRound} title={t('recoveryTitle')}>
      {codes ? (
        <RecoveryCodes codes={codes} email={email} />
      ) : confirming ? (
        <div className="flex flex-col gap-3" role="group" aria-label={t('regenerate')}>
          <p className="text-sm">{t('regenerateConfirm')}</p>
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={regenerate.isPending}
              onClick={() => {
                regenerate.mutate();
              }}
            >
              {t('confirm')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={regenerate.isPending}
              onClick={() => {
                setConfirming(false);
              }}
            >
              {t('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('recoveryText')}</p>
          <div>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                setConfirming(true);
              }}
            >
              {t('regenerate')}
            </Button>
          </div>
        </>
      )}
    </DialogSection>
  );
}

function SessionsSection({ t }: { t: T }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { language } = useLanguage();
  // Always fresh when the dialog opens: sessions come and go.
  const sessions = useQuery(trpc.auth.sessions.queryOptions(undefined, { staleTime: 0 }));
  const signOutOthers = useMutation(
    trpc.auth.signOutOtherSessions.mutationOptions({
      onSuccess: ({ count }) => {
        notify.success(t('signedOutOthers', { count }));
        void queryClient.invalidateQueries({ queryKey: trpc.auth.sessions.queryKey() });
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('signOutOthersFailed')));
      },
    }),
  );
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  return (
    <DialogSection titleId="security-sessions-title" icon={MonitorSmartphone} title={t('sessionsTitle')}>
      <SectionQuery query={sessions} loading={t('sessionsLoading')} failed={t('sessionsFailed')}>
        {(list) => (
          <ul aria-label={t('sessionsTitle')} className="flex flex-col divide-y rounded-md border">
            {list.map((session) => (
              <li key={session.id} className="flex flex-col gap-0.5 p-3 text-sm" data-current={session.current}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium" title={session.userAgent ?? undefined}>
                    {describeUserAgent(session.userAgent) ?? t('unknownDevice')}
                  </span>
                  {session.current && (
                    <span className="rounded-full bg-primary/15 px-2 py-0.5 text-xs font-medium text-foreground">
                      {t('currentSession')}
                    </span>
                  )}
                </div>
                <span className="text-xs text-muted-foreground">
                  {session.ip ? t('ip', { ip: session.ip }) : t('unknownIp')}
                  {' · '}
                  {t('lastSeen', { date: formatDateTime(session.lastSeenAt, language) })}
                  {' · '}
                  {t('started', { date: formatDateTime(session.createdAt, language) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </SectionQuery>
      {sessions.isSuccess && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            size="sm"
            variant="outline"
            disabled={others === 0 || signOutOthers.isPending}
            onClick={() => {
              signOutOthers.mutate();
            }}
          >
            <LogOut aria-hidden />
            {t('signOutOthers')}
          </Button>
          {others === 0 && <span className="text-xs text-muted-foreground">{t('noOtherSessions')}</span>}
        </div>
      )}
    </DialogSection>
  );
}
