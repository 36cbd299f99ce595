import type { CredentialGrace, DeviceSecret } from '@sentinela/shared/device-credentials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, RefreshCw, ShieldX } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { credentialStrings } from './device-credentials.strings';
import { GraceField } from './grace-field';
import { DeviceSecretDialog } from './device-secret-dialog';

interface DeviceCredentialsSectionProps {
  id: string;
  name: string;
  /** The equipment's facility's zone, which the drawer's times follow (the browser's when not given). */
  timeZone?: string | undefined;
}

type Asking = 'rotate' | 'revoke' | null;

/**
 * The drawer's "MQTT credentials" (administrators only; the caller decides): whether the device
 * has a secret, since when and by whom, the previous one's grace; generate, rotate (with the
 * grace) and revoke. A new secret is shown once, in a dialog.
 */
export function DeviceCredentialsSection({ id, name, timeZone }: DeviceCredentialsSectionProps) {
  const t = useStrings(credentialStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const statusOptions = trpc.deviceCredentials.status.queryOptions({ equipmentId: id }, { staleTime: 0 });
  const status = useQuery(statusOptions);
  const record = useQuery(trpc.equipment.get.queryOptions({ id }, { staleTime: 0 }));
  const [asking, setAsking] = useState<Asking>(null);
  const [grace, setGrace] = useState<CredentialGrace>('24h');
  const [shown, setShown] = useState<DeviceSecret | null>(null);

  const onError = (error: unknown) => notify.error(errorMessage(error, t('actionFailed')));
  const onSecret = (answer: DeviceSecret) => {
    queryClient.setQueryData(statusOptions.queryKey, answer.status);
    setShown(answer);
  };
  const generate = useMutation(trpc.deviceCredentials.generate.mutationOptions({ onError, onSuccess: onSecret }));
  const rotate = useMutation(trpc.deviceCredentials.rotate.mutationOptions({ onError, onSuccess: onSecret }));
  const revoke = useMutation(
    trpc.deviceCredentials.revoke.mutationOptions({
      onError,
      onSuccess: (answer) => {
        queryClient.setQueryData(statusOptions.queryKey, answer);
        notify.success(t('revoked', { name }));
      },
    }),
  );
  const busy = generate.isPending || rotate.isPending || revoke.isPending;
  const retired = Boolean(record.data?.retiredAt);
  const data = status.data;

  return (
    <section aria-labelledby="credentials-title" className="flex flex-col gap-2" data-testid="device-credentials">
      <h3 id="credentials-title" className="text-sm font-semibold">
        {t('title')}
      </h3>
      {status.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(status.error, t('actionFailed'))}
        </p>
      ) : !data ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : (
        <>
          <div className="flex flex-col gap-0.5 text-sm">
            <span className="font-mono text-xs text-muted-foreground">{t('usernameIs', { id })}</span>
            {record.data?.gatewayId && <span>{t('viaGateway', { id: record.data.gatewayId })}</span>}
            {data.current ? (
              <span>
                {t('activeSince', {
                  date: formatDateTime(data.current.createdAt, language, timeZone),
                  user: data.current.createdBy ?? t('removedUser'),
                })}
              </span>
            ) : (
              <span className="text-muted-foreground">{t('noSecret')}</span>
            )}
            {data.previousValidUntil && (
              <span className="text-amber-800 dark:text-amber-300">
                {t('previousUntil', { date: formatDateTime(data.previousValidUntil, language, timeZone) })}
              </span>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {data.current ? (
              <Button variant="outline" size="sm" disabled={busy || retired} onClick={() => setAsking('rotate')}>
                <RefreshCw aria-hidden />
                {t('rotate')}
              </Button>
            ) : (
              <Button
                variant="outline"
                size="sm"
                disabled={busy || retired}
                onClick={() => generate.mutate({ equipmentId: id })}
              >
                <KeyRound aria-hidden />
                {t('generate')}
              </Button>
            )}
            {data.hasSecret && (
              <Button
                variant="outline"
                size="sm"
                className="text-destructive"
                disabled={busy}
                onClick={() => setAsking('revoke')}
              >
                <ShieldX aria-hidden />
                {t('revoke')}
              </Button>
            )}
          </div>
          {retired && <p className="text-xs text-muted-foreground">{t('retiredHint')}</p>}
        </>
      )}

      <ConfirmDialog
        open={asking === 'rotate'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('rotateTitle', { name })}
        description={t('rotateDescription')}
        confirmLabel={t('rotate')}
        onConfirm={() => rotate.mutate({ equipmentId: id, grace })}
      >
        <GraceField value={grace} onChange={setGrace} />
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'revoke'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t('revokeTitle', { name })}
        description={t('revokeDescription')}
        confirmLabel={t('revoke')}
        destructive
        onConfirm={() => revoke.mutate({ equipmentId: id })}
      />
      <DeviceSecretDialog secret={shown} name={name} onClose={() => setShown(null)} />
    </section>
  );
}
