import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, UserX } from 'lucide-react';
import { useState } from 'react';
import { SectionQuery } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { downloadText } from '../../lib/download';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { privacyStrings } from './privacy.strings';
import { RetentionList } from './retention-list';
import { DialogSection } from '../../components/dialog-section';

const REASON_MAX = 500;

/**
 * The Segurança dialog's "Meus dados" (LGPD, issue 16): export one's own data as a JSON file, ask
 * for the account's deletion (one open request at a time) and the retention periods.
 */
export function MyDataSection() {
  const t = useStrings(privacyStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mine = useQuery(trpc.privacy.mine.queryOptions(undefined, { staleTime: 0 }));
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');

  const exportMine = useMutation(
    trpc.privacy.exportMine.mutationOptions({
      onSuccess: (data) => {
        const day = data.exportedAt.toISOString().slice(0, 10);
        downloadText(`sentinela-meus-dados-${day}.json`, JSON.stringify(data, null, 2), 'application/json');
        notify.success(t('exported'));
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('exportFailed')));
      },
    }),
  );
  const requestDeletion = useMutation(
    trpc.privacy.requestDeletion.mutationOptions({
      onSuccess: () => {
        notify.success(t('requested'));
        setAsking(false);
        setReason('');
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('requestFailed')));
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.privacy.mine.queryKey() }),
    }),
  );

  const request = mine.data?.request ?? null;
  const pending = request?.status === 'pending';

  return (
    <DialogSection titleId="security-privacy-title" icon={FileDown} title={t('myDataTitle')}>
      <p className="text-sm text-muted-foreground">{t('myDataText')}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={exportMine.isPending}
          onClick={() => {
            exportMine.mutate();
          }}
        >
          <FileDown aria-hidden />
          {exportMine.isPending ? t('exporting') : t('exportMine')}
        </Button>
        {!asking && (
          <Button
            size="sm"
            variant="outline"
            disabled={!mine.isSuccess || pending}
            onClick={() => {
              setAsking(true);
            }}
          >
            <UserX aria-hidden />
            {t('deletionOpen')}
          </Button>
        )}
      </div>

      <SectionQuery query={mine} loading={t('loading')} failed={t('loadFailed')}>
        {({ retention }) => (
          <>
            {request && request.status !== 'done' && (
              <p role="status" className="rounded-md border bg-muted/40 p-2 text-sm">
                {t(pending ? 'requestPending' : 'requestRefused', {
                  date: formatDateTime(request.createdAt, language),
                })}
              </p>
            )}
            {asking && !pending && (
              <form
                className="flex flex-col gap-2"
                onSubmit={(event) => {
                  event.preventDefault();
                  requestDeletion.mutate({ reason: reason.trim() === '' ? undefined : reason.trim() });
                }}
              >
                <p className="text-sm">{t('deletionText')}</p>
                <label htmlFor="privacy-reason" className="text-sm font-medium">
                  {t('reason')}
                </label>
                <textarea
                  id="privacy-reason"
                  aria-describedby="privacy-reason-hint"
                  maxLength={REASON_MAX}
                  rows={3}
                  value={reason}
                  onChange={(event) => {
                    setReason(event.target.value);
                  }}
                  className="rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
                />
                <p id="privacy-reason-hint" className="text-xs text-muted-foreground">
                  {t('reasonHint')}
                </p>
                <div className="flex gap-2">
                  <Button type="submit" size="sm" variant="destructive" disabled={requestDeletion.isPending}>
                    {requestDeletion.isPending ? t('sending') : t('send')}
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={requestDeletion.isPending}
                    onClick={() => {
                      setAsking(false);
                    }}
                  >
                    {t('cancel')}
                  </Button>
                </div>
              </form>
            )}
            <h4 id="security-retention-title" className="text-sm font-medium">
              {t('retentionTitle')}
            </h4>
            <RetentionList t={t} retention={retention} headingId="security-retention-title" />
          </>
        )}
      </SectionQuery>
    </DialogSection>
  );
}
