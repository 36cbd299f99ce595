import { useMutation, useQuery } from '@tanstack/react-query';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-errors';
import { copyText } from '../../lib/clipboard';
import { setup2faStrings } from './setup-2fa.strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { buttonClass } from './auth-ui';
import { isCompleteCode } from './code';
import { codeSubmitHandler, setupVerifyCallbacks } from './code-form';
import { CodeInput, VerifyCodeButton } from './code-input';
import { useCopiedFlag } from './use-copied-flag';

/** The secret in groups of four, easier to type into an app (spaces are ignored there). */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Authenticator app setup: QR code or secret, then a 6-digit code (spec §4). */
export function TotpSetup({ onDone }: { onDone: (recoveryCodes: string[]) => void }) {
  const t = useStrings(setup2faStrings);
  const trpc = useTRPC();
  const [code, setCode] = useState('');
  const [copied, markCopied] = useCopiedFlag();
  // Idempotent on the server: the same pending secret until a code verifies it.
  const setup = useQuery(
    trpc.auth.setup2FA.queryOptions(undefined, { staleTime: Infinity, retry: false, refetchOnReconnect: false }),
  );
  const verify = useMutation(
    trpc.auth.verify2FA.mutationOptions(
      setupVerifyCallbacks({
        success: t('totpSuccess'),
        failure: t('invalidCode'),
        onDone,
        clearCode: () => {
          setCode('');
        },
      }),
    ),
  );

  if (setup.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('secretLoading')}
      </p>
    );
  }
  if (setup.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 text-sm">
        <p>{errorMessage(setup.error, t('secretFailed'))}</p>
        <button
          type="button"
          className={buttonClass.outline}
          onClick={() => {
            void setup.refetch();
          }}
        >
          {t('retry')}
        </button>
      </div>
    );
  }

  const { secret, qrCodeUrl } = setup.data;
  return (
    <form className="flex flex-col gap-4" onSubmit={codeSubmitHandler({ code, verify, tooShort: t('codeLength') })}>
      <p className="text-sm text-muted-foreground">{t('totpScan')}</p>
      <img
        src={qrCodeUrl}
        alt={t('qrAlt')}
        width={192}
        height={192}
        className="mx-auto size-48 rounded-md border bg-white p-1"
      />
      <div className="flex flex-col gap-1.5">
        <span id="totp-secret-label" className="text-sm font-medium">
          {t('secretLabel')}
        </span>
        <div className="flex items-center gap-2">
          <code
            aria-labelledby="totp-secret-label"
            data-slot="totp-secret"
            className="min-w-0 flex-1 rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm break-all select-all"
          >
            {groupSecret(secret)}
          </code>
          <button
            type="button"
            className={buttonClass.outline}
            aria-label={copied ? t('copied') : t('copySecret')}
            title={t('copySecret')}
            onClick={() => {
              copyText(secret).then(
                () => {
                  markCopied();
                  notify.success(t('secretCopied'));
                },
                (error: unknown) => {
                  console.error('Copy failed', error);
                  notify.error(t('copyFailed'));
                },
              );
            }}
          >
            {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
            <span aria-live="polite">{copied ? t('copied') : null}</span>
          </button>
        </div>
      </div>
      <CodeInput id="totp-code" label={t('codeLabel')} hint={t('totpCodeStep')} value={code} onChange={setCode} />
      <VerifyCodeButton verify={verify} ready={isCompleteCode(code)} t={t} />
    </form>
  );
}
