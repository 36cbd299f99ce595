import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CardSection } from '../../components/card-section';
import { FormAlert, FormField } from '../../components/form-field';
import { ErrorState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { errorMessage } from '../../lib/api-errors';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { purchaseApprovalStrings } from './purchase-approval.strings';

/** An amount typed in pt ("5.000,50") or en ("5,000.50") as the API's "5000.50"; null when it is not one. */
export function moneyFromText(text: string, language: 'pt' | 'en'): string | null {
  const t = text.trim().replace(/\s/g, '').replace(/^R\$/, '');
  const plain = language === 'pt' ? t.replace(/\./g, '').replace(',', '.') : t.replace(/,/g, '');
  return /^\d{1,12}(\.\d{1,2})?$/.test(plain) ? plain : null;
}

/** The "Compras" section of /settings (admins): the operators' approval limit. */
export function PurchaseApprovalSection() {
  const t = useStrings(purchaseApprovalStrings);
  const trpc = useTRPC();
  const limit = useQuery(trpc.purchaseOrders.approvalLimit.queryOptions());
  return (
    <CardSection title={t('title')} description={t('description')}>
      {limit.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : limit.isError ? (
        <ErrorState error={limit.error} onRetry={() => void limit.refetch()} title={t('loadFailed')} />
      ) : (
        <LimitForm initial={limit.data.operatorLimit} />
      )}
    </CardSection>
  );
}

function LimitForm({ initial }: { initial: string }) {
  const t = useStrings(purchaseApprovalStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(language === 'pt' ? initial.replace('.', ',') : initial);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.purchaseOrders.setApprovalLimit.mutationOptions({
      onSuccess: async (saved) => {
        queryClient.setQueryData(trpc.purchaseOrders.approvalLimit.queryKey(), saved);
        await queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.options.queryKey() });
        notify.success(t('saved'));
      },
      onError: (e) => setError(errorMessage(e, t('saveFailed'))),
    }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = moneyFromText(value, language);
    if (amount === null) {
      setError(t('invalid'));
      return;
    }
    setError(null);
    save.mutate({ operatorLimit: amount });
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t('title')}>
      <FormAlert message={error} />
      <FormField label={t('limit')} hint={t('hint')} className="max-w-xs">
        {(control) => (
          <Input {...control} inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} />
        )}
      </FormField>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t('saving') : t('save')}
        </Button>
      </div>
    </form>
  );
}
