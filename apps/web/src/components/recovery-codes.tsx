import { Copy, Download } from 'lucide-react';
import { copyText } from '../lib/clipboard';
import { downloadText } from '../lib/download';
import { formatDateTime } from '../lib/format';
import { useLanguage } from '../lib/i18n/language-context';
import { recoveryCodesStrings } from './recovery-codes.strings';
import { useStrings } from '../lib/i18n/strings';
import { notify } from '../lib/notify';
import { usePublicSettings } from '../lib/use-public-settings';
import { recoveryCodesFile } from './recovery-codes-file';
import { Button } from './ui/button';

interface RecoveryCodesProps {
  codes: readonly string[];
  /** Whose codes they are (named in the downloaded file). */
  email: string;
}

/** The one-time recovery codes, shown once, with copy and download (PRODUCT §2). */
export function RecoveryCodes({ codes, email }: RecoveryCodesProps) {
  const t = useStrings(recoveryCodesStrings);
  const { language } = useLanguage();
  const { siteName } = usePublicSettings();
  const text = () =>
    recoveryCodesFile(t('fileHeader', { email, site: siteName, date: formatDateTime(new Date(), language) }), codes);

  return (
    <div className="flex flex-col gap-3" data-slot="recovery-codes">
      <p className="text-sm text-muted-foreground">{t('intro')}</p>
      <ol
        aria-label={t('title')}
        className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-md border bg-muted/50 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            copyText(codes.join('\n')).then(
              () => {
                notify.success(t('copied'));
              },
              (error: unknown) => {
                console.error('Copy failed', error);
                notify.error(t('copyFailed'));
              },
            );
          }}
        >
          <Copy aria-hidden />
          {t('copy')}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            downloadText(t('fileName'), text(), 'text/plain;charset=utf-8');
          }}
        >
          <Download aria-hidden />
          {t('download')}
        </Button>
      </div>
    </div>
  );
}
