import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormInput } from '../../components/form-field';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { purchaseApprovalStrings } from './purchase-approval.strings';
import { SettingsForm, SettingsSection, useSettingsSave } from './settings-form';

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
    <SettingsSection title={t('title')} description={t('description')} query={limit} t={t}>
      {(data) => <LimitForm initial={data.operatorLimit} />}
    </SettingsSection>
  );
}

function LimitForm({ initial }: { initial: string }) {
  const t = useStrings(purchaseApprovalStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(language === 'pt' ? initial.replace('.', ',') : initial);
  const saving = useSettingsSave((h) => trpc.purchaseOrders.setApprovalLimit.mutationOptions(h), {
    saved: t('saved'),
    failed: t('saveFailed'),
    onSaved: async (saved) => {
      queryClient.setQueryData(trpc.purchaseOrders.approvalLimit.queryKey(), saved);
      await queryClient.invalidateQueries({ queryKey: trpc.purchaseOrders.options.queryKey() });
    },
  });
  const submit = () => {
    const amount = moneyFromText(value, language);
    if (amount === null) {
      saving.setError(t('invalid'));
      return;
    }
    saving.send({ operatorLimit: amount });
  };
  return (
    <SettingsForm label={t('title')} saving={saving} t={t} onSubmit={submit}>
      <FormInput
        label={t('limit')}
        hint={t('hint')}
        className="max-w-xs"
        inputMode="decimal"
        value={value}
        onChange={(e) => setValue(e.target.value)}
      />
    </SettingsForm>
  );
}
