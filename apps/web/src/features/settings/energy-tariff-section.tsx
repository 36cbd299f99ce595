import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnergyTariff } from '@sentinela/shared/settings';
import { tariffFlags, tariffModalities } from '@sentinela/shared/energy-values';
import type { ReactNode } from 'react';
import { CardSection } from '../../components/card-section';
import { CheckedForm, FormActions, useCheckedForm, useFieldValues } from '../../components/checked-form';
import { FormSelect, FormInput } from '../../components/form-field';
import { QueryError } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import { settingsStrings } from './settings.strings';
import {
  TARIFF_FIELDS,
  tariffFormValues,
  tariffInputOf,
  type TariffFormValues,
  type TariffNumberField,
} from './tariff-form-values';

/** "Tarifa de energia": every field of the tariff, checked with the shared schema, then by the server. */
export function EnergyTariffSection() {
  const t = useStrings(settingsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tariff = useQuery(trpc.settings.energyTariff.queryOptions());
  const save = useMutation(trpc.settings.setEnergyTariff.mutationOptions());
  const onSave = async (input: EnergyTariff) => {
    const saved = await save.mutateAsync(input);
    queryClient.setQueryData(trpc.settings.energyTariff.queryKey(), saved);
    await queryClient.invalidateQueries({ queryKey: trpc.energy.pathKey() });
  };
  return (
    <CardSection title={t('tariff.title')} description={t('tariff.description')}>
      {tariff.isError ? (
        <QueryError query={tariff} />
      ) : tariff.data ? (
        <TariffForm key={JSON.stringify(tariff.data)} tariff={tariff.data} onSave={onSave} />
      ) : (
        <div role="status" aria-label={t('tariff.loading')} className="flex flex-col gap-3">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-2/3" />
        </div>
      )}
    </CardSection>
  );
}

/** The form alone: `onSave` sends a tariff the shared schema accepted (and throws the server's refusal). */
export function TariffForm({
  tariff,
  onSave,
}: {
  tariff: EnergyTariff;
  onSave: (tariff: EnergyTariff) => Promise<void>;
}) {
  const t = useStrings(settingsStrings);
  const { language } = useLanguage();
  const { values, setValues, set, field } = useFieldValues<TariffFormValues>(() => tariffFormValues(tariff, language));
  const azul = values.modality === 'azul';

  const form = useCheckedForm(TARIFF_FIELDS, {
    parse: async () => {
      // The schema (and zod with it) loads on the first save, not with the page (route budget).
      const { energyTariffSchema } = await import('@sentinela/shared/settings');
      return energyTariffSchema.safeParse(tariffInputOf(values));
    },
    send: async (input) => {
      await onSave(input);
      notify.success(t('tariff.saved'));
    },
  });
  const { errors } = form;

  const numberField = (field: TariffNumberField, label: string, hint?: ReactNode) => (
    <FormInput
      label={label}
      error={errors[field]}
      hint={hint}
      name={field}
      inputMode="decimal"
      value={values[field]}
      onChange={set(field)}
    />
  );
  const group = (title: string, children: ReactNode) => (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">{title}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );

  return (
    <CheckedForm form={form} className="gap-6">
      <FormSelect
        label={t('modality')}
        error={errors.modality}
        {...field('modality')}
        className="max-w-md"
        options={tariffModalities.map((m) => ({ value: m, label: t(`modality.${m}`) }))}
      />
      {group(
        t('group.energy'),
        <>
          <FormInput
            label={t('peakStart')}
            error={errors.peakStart}
            hint={t('peakHint')}
            {...field('peakStart')}
            type="time"
          />
          <FormInput label={t('peakEnd')} error={errors.peakEnd} {...field('peakEnd')} type="time" />
          <span className="hidden lg:block" />
          {numberField('peakRate', t('peakRate'))}
          {numberField('offPeakRate', t('offPeakRate'))}
        </>,
      )}
      {group(
        t('group.demand'),
        <>
          {numberField('demandRate', azul ? t('demandRateAzul') : t('demandRate'))}
          {numberField(
            'contractedDemandKw',
            azul ? t('contractedDemandKwAzul') : t('contractedDemandKw'),
            t('demandHint'),
          )}
          {azul && numberField('peakDemandRate', t('peakDemandRate'))}
          {azul && numberField('contractedPeakDemandKw', t('contractedPeakDemandKw'))}
          {numberField('reactiveRate', t('reactiveRate'), t('reactiveHint'))}
        </>,
      )}
      {group(
        t('group.flag'),
        <>
          <FormSelect
            label={t('flag')}
            error={errors.flag}
            {...field('flag')}
            options={tariffFlags.map((f) => ({ value: f, label: t(`flag.${f}`) }))}
          />
          {(['amarela', 'vermelha1', 'vermelha2'] as const).map((flag) => (
            <div key={flag}>{numberField(`flagAdditions.${flag}`, t('flagAddition', { flag: t(`flag.${flag}`) }))}</div>
          ))}
        </>,
      )}
      {group(
        t('group.taxes'),
        <>
          {numberField('icmsPercent', t('icmsPercent'), t('taxesHint'))}
          {numberField('pisPercent', t('pisPercent'))}
          {numberField('cofinsPercent', t('cofinsPercent'))}
          <FormSelect
            label={t('billing')}
            {...field('billing')}
            options={[
              { value: 'calendar', label: t('billing.calendar') },
              { value: 'readingDay', label: t('billing.readingDay') },
            ]}
          />
          {values.billing === 'readingDay' && numberField('meterReadingDay', t('meterReadingDay'))}
        </>,
      )}
      <FormActions saving={form.saving} submitLabel={t('tariff.save')} savingLabel={t('tariff.saving')}>
        <Button
          variant="outline"
          onClick={() => {
            setValues(tariffFormValues(tariff, language));
          }}
        >
          {t('tariff.reset')}
        </Button>
      </FormActions>
    </CheckedForm>
  );
}
