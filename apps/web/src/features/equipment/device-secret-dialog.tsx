import type { DeviceSecret } from '@sentinela/shared/device-credentials';
import { Copy, TriangleAlert } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { copyText } from '../../lib/clipboard';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { credentialStrings } from './device-credentials.strings';

interface DeviceSecretDialogProps {
  /** The answer of generate / rotate: the only time the secret is shown. Null: closed. */
  secret: DeviceSecret | null;
  name: string;
  onClose: () => void;
}

const topicKinds = ['telemetry', 'cmd', 'ack', 'status'] as const;

/** The new secret, once: username, secret and topics, each with a copy button. */
export function DeviceSecretDialog({ secret, name, onClose }: DeviceSecretDialogProps) {
  const t = useStrings(credentialStrings);
  const tOps = useStrings(opsStrings);

  const copy = (text: string) => {
    copyText(text).then(
      () => notify.success(t('copied')),
      () => notify.error(t('copyFailed')),
    );
  };

  const row = (label: string, value: string, testId?: string) => (
    <div className="flex flex-col gap-1">
      <span className="text-xs text-muted-foreground">{label}</span>
      <div className="flex items-center gap-2">
        <code
          data-testid={testId}
          className="min-w-0 flex-1 rounded-md border bg-muted px-2 py-1.5 font-mono text-sm break-all select-all"
        >
          {value}
        </code>
        <Button variant="outline" size="sm" aria-label={t('copyLabel', { what: label })} onClick={() => copy(value)}>
          <Copy aria-hidden />
          {t('copy')}
        </Button>
      </div>
    </div>
  );

  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={tOps('close')} className="max-w-xl">
        <DialogTitle>{t('secretTitle', { name })}</DialogTitle>
        <DialogDescription className="sr-only">{t('shownOnceHint')}</DialogDescription>
        {secret && (
          <>
            <div
              role="alert"
              className="flex gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm text-amber-900 dark:text-amber-200"
            >
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <div>
                <p className="font-semibold">{t('shownOnce')}</p>
                <p>{t('shownOnceHint')}</p>
              </div>
            </div>
            {row(t('username'), secret.username)}
            {row(t('secret'), secret.secret, 'device-secret')}
            <section className="flex flex-col gap-2" aria-label={t('topics')}>
              <h3 className="text-sm font-semibold">{t('topics')}</h3>
              {topicKinds.map((kind) => (
                <div key={kind}>{row(t(`topic.${kind}`), secret.topics[kind])}</div>
              ))}
            </section>
            <div className="flex justify-end">
              <Button onClick={onClose}>{t('done')}</Button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
