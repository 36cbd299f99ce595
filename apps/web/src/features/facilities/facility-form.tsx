import { facilityCreateInput, facilityUpdateInput, type FacilityRecord } from '@sentinela/shared/registry';
import { useId, useMemo } from 'react';
import type { z } from 'zod';
import { useCheckedForm, useFieldValues } from '../../components/checked-form';
import { FormInput } from '../../components/form-field';
import { numberText, parseNumberText } from '../../lib/form-issues';
import { useStrings } from '../../lib/i18n/strings';
import { RegistryForm, RegistryKeyField } from '../plant/registry-form-parts';
import { facilitiesStrings } from './facilities.strings';

export type FacilityInput = z.output<typeof facilityCreateInput> | z.output<typeof facilityUpdateInput>;

export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';
const FIELDS = ['code', 'name', 'address', 'city', 'state', 'latitude', 'longitude', 'timezone'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

function initialValues(record: FacilityRecord | null): Values {
  return {
    code: record?.code ?? '',
    name: record?.name ?? '',
    address: record?.address ?? '',
    city: record?.city ?? '',
    state: record?.state ?? '',
    latitude: numberText(record?.latitude),
    longitude: numberText(record?.longitude),
    timezone: record?.timezone ?? DEFAULT_TIMEZONE,
  };
}

/** The zones this browser knows, for the time zone's suggestions. */
function timeZones(): readonly string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

interface FacilityFormProps {
  /** The facility to edit; null: a new one (only then is the code typed). */
  record: FacilityRecord | null;
  /** Sends the checked input; a rejection is shown on the form (field issues under their fields). */
  onSubmit: (input: FacilityInput) => Promise<unknown>;
  onCancel: () => void;
}

/** A facility's fields, checked with the shared schema before sending and again by the server. */
export function FacilityForm({ record, onSubmit, onCancel }: FacilityFormProps) {
  const t = useStrings(facilitiesStrings);
  const { values, field } = useFieldValues(() => initialValues(record));
  const zones = useMemo(() => timeZones(), []);
  const zonesId = `${useId()}-zones`;

  const parse = () => {
    const fields = {
      name: values.name,
      address: values.address,
      city: values.city,
      state: values.state,
      latitude: parseNumberText(values.latitude),
      longitude: parseNumberText(values.longitude),
      timezone: values.timezone,
    };
    return record
      ? facilityUpdateInput.safeParse({ ...fields, id: record.id })
      : facilityCreateInput.safeParse({ ...fields, code: values.code });
  };
  const form = useCheckedForm<FacilityInput>(FIELDS, { parse, send: onSubmit });
  const { errors } = form;

  const text = (
    name: keyof Values,
    label: string,
    extra?: { hint?: string; className?: string; optional?: boolean },
  ) => (
    <FormInput
      label={label}
      optional={extra?.optional}
      error={errors[name]}
      hint={extra?.hint}
      className={extra?.className}
      {...field(name)}
    />
  );

  return (
    <RegistryForm form={form} editing={record !== null} createLabel={t('form.create')} onCancel={onCancel}>
      <RegistryKeyField
        fixed={record ? t('form.codeFixed', { code: record.code }) : null}
        label={t('form.code')}
        hint={t('form.codeHint')}
        error={errors.code}
        {...field('code')}
        maxLength={32}
      />
      {text('name', t('form.name'))}
      {text('address', t('form.address'), { optional: true })}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr]">
        {text('city', t('form.city'))}
        {text('state', t('form.state'), { optional: true })}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <FormInput
          label={t('form.latitude')}
          optional
          error={errors.latitude}
          {...field('latitude')}
          inputMode="decimal"
        />
        <FormInput
          label={t('form.longitude')}
          optional
          error={errors.longitude}
          {...field('longitude')}
          inputMode="decimal"
        />
      </div>
      <FormInput
        label={t('form.timezone')}
        error={errors.timezone}
        hint={t('form.timezoneHint')}
        {...field('timezone')}
        list={zonesId}
        autoComplete="off"
        spellCheck={false}
      />
      <datalist id={zonesId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </RegistryForm>
  );
}
