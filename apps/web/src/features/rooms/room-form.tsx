import {
  ROOM_SETPOINT_MAX,
  ROOM_SETPOINT_MIN,
  roomCreateInput,
  roomKindValues,
  roomUpdateInput,
  type RoomRecord,
} from '@sentinela/shared/registry';
import type { z } from 'zod';
import { useCheckedForm, useFieldValues } from '../../components/checked-form';
import { FormInput, FormSelect } from '../../components/form-field';
import { formStrings } from '../../components/form.strings';
import { numberText, parseNumberText } from '../../lib/form-issues';
import { useStrings } from '../../lib/i18n/strings';
import { RegistryForm } from '../plant/registry-form-parts';
import { roomKindLabel } from './rooms-table';
import { roomsStrings } from './rooms.strings';

export type RoomInput = z.output<typeof roomCreateInput> | z.output<typeof roomUpdateInput>;

const FIELDS = ['facilityId', 'name', 'kind', 'areaM2', 'setpointMin', 'setpointMax'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

function initialValues(record: RoomRecord | null, defaultFacilityId: string | undefined): Values {
  return {
    facilityId: record?.facilityId ?? defaultFacilityId ?? '',
    name: record?.name ?? '',
    kind: record?.kind ?? '',
    areaM2: numberText(record?.areaM2),
    setpointMin: numberText(record?.setpointMin),
    setpointMax: numberText(record?.setpointMax),
  };
}

interface RoomFormProps {
  /** The room to edit; null: a new one. */
  record: RoomRecord | null;
  /** The facilities a room may belong to (facilities.options). */
  facilities: readonly { id: string; name: string }[];
  /** A new room starts in this facility (the page's filter). */
  defaultFacilityId?: string;
  /** Sends the checked input; a rejection is shown on the form (field issues under their fields). */
  onSubmit: (input: RoomInput) => Promise<unknown>;
  onCancel: () => void;
}

/** A room's fields, checked with the shared schema before sending and again by the server. */
export function RoomForm({ record, facilities, defaultFacilityId, onSubmit, onCancel }: RoomFormProps) {
  const t = useStrings(roomsStrings);
  const tForm = useStrings(formStrings);
  const { values, set, field } = useFieldValues(() => initialValues(record, defaultFacilityId));

  const parse = () => {
    const fields = {
      facilityId: values.facilityId,
      name: values.name,
      kind: values.kind,
      areaM2: parseNumberText(values.areaM2),
      setpointMin: parseNumberText(values.setpointMin),
      setpointMax: parseNumberText(values.setpointMax),
    };
    return record ? roomUpdateInput.safeParse({ ...fields, id: record.id }) : roomCreateInput.safeParse(fields);
  };
  const form = useCheckedForm<RoomInput>(FIELDS, { parse, send: onSubmit });
  const { errors } = form;

  const number = (name: 'areaM2' | 'setpointMin' | 'setpointMax', label: string) => (
    <FormInput
      label={`${label} (${tForm('optional')})`}
      error={errors[name]}
      name={name}
      inputMode="decimal"
      value={values[name]}
      onChange={set(name)}
    />
  );

  return (
    <RegistryForm form={form} editing={record !== null} createLabel={t('form.create')} onCancel={onCancel}>
      <FormSelect
        label={t('form.facility')}
        error={errors.facilityId}
        hint={record ? t('form.facilityHint') : undefined}
        {...field('facilityId')}
        emptyOption={t('form.chooseFacility')}
        options={facilities.map((facility) => ({ value: facility.id, label: facility.name }))}
      />
      <FormInput label={t('form.name')} error={errors.name} name="name" value={values.name} onChange={set('name')} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormSelect
          label={t('form.kind')}
          error={errors.kind}
          {...field('kind')}
          emptyOption={t('form.chooseKind')}
          options={roomKindValues.map((kind) => ({ value: kind, label: roomKindLabel(t, kind) }))}
        />
        {number('areaM2', t('form.area'))}
      </div>
      <div className="flex flex-col gap-1">
        <div className="grid grid-cols-2 gap-3">
          {number('setpointMin', t('form.setpointMin'))}
          {number('setpointMax', t('form.setpointMax'))}
        </div>
        <p className="text-xs text-muted-foreground">
          {t('form.setpointHint', { min: ROOM_SETPOINT_MIN, max: ROOM_SETPOINT_MAX })}
        </p>
      </div>
    </RegistryForm>
  );
}
