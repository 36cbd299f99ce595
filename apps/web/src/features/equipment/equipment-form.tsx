import type { EquipmentKind } from '@sentinela/shared/plant';
import {
  BTU_PER_KW,
  defaultMetrics,
  equipmentCreateInput,
  equipmentUpdateInput,
  nameplateFields,
  type EquipmentRecord,
} from '@sentinela/shared/registry';
import type { z } from 'zod';
import { useCheckedForm, useFieldValues } from '../../components/checked-form';
import { FormField, FormSelect, FormInput } from '../../components/form-field';
import { Input } from '../../components/ui/input';
import { formatNumber } from '../../lib/format';
import { numberText, parseNumberText } from '../../lib/form-issues';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { equipmentKinds } from '../plant/equipment-values';
import { RegistryForm, RegistryKeyField } from '../plant/registry-form-parts';
import { equipmentStrings } from './equipment.strings';
import { ratedLabel } from './metric-format';

/** What create and update take (one shape: the fields and the code). */
export type EquipmentInput = z.output<typeof equipmentCreateInput>;

const TEXT_FIELDS = ['id', 'name', 'location', 'manufacturer', 'model', 'serial', 'installDate', 'metrics'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
/** Every field a refusal may name; nameplate values by their path ('rated.powerKw'). */
const FIELDS = [
  ...TEXT_FIELDS,
  'facilityId',
  'roomId',
  'kind',
  'gatewayId',
  ...new Set(Object.values(nameplateFields).flatMap((fields) => fields.map((f) => `rated.${f.key}`))),
];

interface Values extends Record<TextField, string> {
  facilityId: string;
  roomId: string;
  kind: EquipmentKind | '';
  /** The gateway speaking for it ('' none). */
  gatewayId: string;
  /** Nameplate values as typed, by key. */
  rated: Record<string, string>;
}

const metricsText = (metrics: readonly string[]) => metrics.join(', ');

/** The metrics typed: comma- (or space-) separated names; none: the kind's defaults. */
export function parseMetrics(text: string): string[] | undefined {
  const names = text
    .split(/[,;\s]+/)
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 ? names : undefined;
}

export interface EquipmentDefaults {
  facilityId?: string;
  roomId?: string;
  kind?: EquipmentKind;
}

function initialValues(record: EquipmentRecord | null, defaults: EquipmentDefaults): Values {
  const kind = record?.kind ?? defaults.kind ?? 'motor';
  return {
    id: record?.id ?? '',
    facilityId: record?.facilityId ?? defaults.facilityId ?? '',
    roomId: record?.roomId ?? defaults.roomId ?? '',
    kind,
    gatewayId: record?.gatewayId ?? '',
    name: record?.name ?? '',
    location: record?.location ?? '',
    manufacturer: record?.manufacturer ?? '',
    model: record?.model ?? '',
    serial: record?.serial ?? '',
    installDate: record?.installDate ?? '',
    rated: Object.fromEntries(Object.entries(record?.rated ?? {}).map(([key, value]) => [key, numberText(value)])),
    metrics: metricsText(record?.metrics ?? defaultMetrics[kind]),
  };
}

interface EquipmentFormProps {
  /** The equipment to edit; null: a new one (only then is the code typed). */
  record: EquipmentRecord | null;
  facilities: readonly { id: string; name: string }[];
  /** Every room (rooms.options); the form offers those of the chosen facility. */
  rooms: readonly { id: string; name: string; facilityId: string }[];
  /** The gateways in service (equipment of kind gateway); the form offers those of the chosen facility. */
  gateways?: readonly { id: string; name: string; facilityId: string }[];
  /** A new device starts with these (the page's filters). */
  defaults?: EquipmentDefaults;
  /** Sends the checked input; a rejection is shown on the form (field issues under their fields). */
  onSubmit: (input: EquipmentInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * An equipment's fields: where it is, what it is, its nameplate (the fields of its kind) and the
 * metrics it sends. Checked with the shared schema before sending and again by the server.
 */
export function EquipmentForm({
  record,
  facilities,
  rooms,
  gateways = [],
  defaults = {},
  onSubmit,
  onCancel,
}: EquipmentFormProps) {
  const t = useStrings(equipmentStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const { values, setValues, field } = useFieldValues(() =>
    initialValues(record, {
      ...defaults,
      // A room filter alone still names its facility.
      facilityId: defaults.facilityId ?? rooms.find((room) => room.id === defaults.roomId)?.facilityId,
    }),
  );
  const plate = values.kind ? nameplateFields[values.kind] : [];
  const facilityRooms = rooms.filter((room) => room.facilityId === values.facilityId);
  const facilityGateways = gateways.filter((g) => g.facilityId === values.facilityId && g.id !== record?.id);
  // A gateway it keeps that is no longer offered (retired): still shown, so saving keeps it.
  const keptGateway =
    values.gatewayId && !facilityGateways.some((g) => g.id === values.gatewayId) ? values.gatewayId : null;

  const setFacility = (facilityId: string) => {
    // A room and a gateway belong to one facility: another facility drops them.
    setValues((current) => ({
      ...current,
      facilityId,
      roomId: rooms.some((r) => r.id === current.roomId && r.facilityId === facilityId) ? current.roomId : '',
      gatewayId: gateways.some((g) => g.id === current.gatewayId && g.facilityId === facilityId)
        ? current.gatewayId
        : '',
    }));
  };

  const setKind = (kind: EquipmentKind | '') => {
    setValues((current) => {
      const keys = new Set(kind ? nameplateFields[kind].map((f) => f.key) : []);
      // Metrics still at the previous kind's defaults follow the kind; typed ones stay.
      const untouched = current.kind !== '' && current.metrics === metricsText(defaultMetrics[current.kind]);
      return {
        ...current,
        kind,
        // A gateway has no gateway.
        gatewayId: kind === 'gateway' ? '' : current.gatewayId,
        rated: Object.fromEntries(Object.entries(current.rated).filter(([key]) => keys.has(key))),
        metrics:
          untouched || current.metrics.trim() === ''
            ? kind
              ? metricsText(defaultMetrics[kind])
              : ''
            : current.metrics,
      };
    });
  };

  const parse = () => {
    const rated: Record<string, number> = {};
    for (const field of plate) {
      const value = parseNumberText(values.rated[field.key] ?? '');
      if (value !== null) rated[field.key] = value;
    }
    const fields = {
      id: values.id,
      facilityId: values.facilityId,
      roomId: values.roomId || null,
      kind: values.kind,
      name: values.name,
      location: values.location,
      manufacturer: values.manufacturer,
      model: values.model,
      serial: values.serial,
      installDate: values.installDate || null,
      rated,
      metrics: parseMetrics(values.metrics),
      gatewayId: values.gatewayId || null,
    };
    return record
      ? equipmentUpdateInput.safeParse({ ...fields, id: record.id })
      : equipmentCreateInput.safeParse(fields);
  };
  const form = useCheckedForm<EquipmentInput>(FIELDS, { parse, send: onSubmit });
  const { errors } = form;

  const text = (name: TextField, label: string, optional = true) => (
    <FormInput label={label} optional={optional} error={errors[name]} {...field(name)} />
  );

  return (
    <RegistryForm form={form} editing={record !== null} createLabel={t('form.create')} onCancel={onCancel}>
      <RegistryKeyField
        fixed={record ? t('form.idFixed', { id: record.id }) : null}
        label={t('form.id')}
        hint={t('form.idHint')}
        error={errors.id}
        {...field('id')}
        maxLength={64}
      />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FormSelect
          label={t('form.facility')}
          error={errors.facilityId}
          name="facilityId"
          value={values.facilityId}
          onChange={(e) => setFacility(e.target.value)}
          emptyOption={t('form.chooseFacility')}
          options={facilities.map((facility) => ({ value: facility.id, label: facility.name }))}
        />
        <FormSelect
          label={t('form.room')}
          error={errors.roomId}
          {...field('roomId')}
          emptyOption={t('form.noRoom')}
          options={facilityRooms.map((room) => ({ value: room.id, label: room.name }))}
        />
        <FormSelect
          label={t('form.kind')}
          error={errors.kind}
          name="kind"
          value={values.kind}
          onChange={(e) => setKind(e.target.value as EquipmentKind | '')}
          options={equipmentKinds.map((kind) => ({ value: kind, label: tOps(`kind.${kind}`) }))}
        />
        {text('name', t('form.name'), false)}
      </div>
      {values.kind !== 'gateway' && (
        <FormSelect
          label={t('form.gateway')}
          error={errors.gatewayId}
          hint={t('form.gatewayHint')}
          {...field('gatewayId')}
          emptyOption={t('form.noGateway')}
          options={[
            ...facilityGateways.map((gateway) => ({ value: gateway.id, label: `${gateway.name} (${gateway.id})` })),
            ...(keptGateway ? [{ value: keptGateway, label: t('form.gatewayRetired', { id: keptGateway }) }] : []),
          ]}
        />
      )}
      {text('location', t('form.location'))}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {text('manufacturer', t('form.manufacturer'))}
        {text('model', t('form.model'))}
        {text('serial', t('form.serial'))}
        <FormInput
          label={t('form.installDate')}
          optional
          error={errors.installDate}
          type="date"
          {...field('installDate')}
        />
      </div>

      <fieldset className="flex flex-col gap-2" data-testid="nameplate">
        <legend className="mb-1 text-sm font-semibold">{t('form.nameplate')}</legend>
        {plate.length === 0 ? (
          <p className="text-xs text-muted-foreground">{t('form.noNameplate')}</p>
        ) : (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {plate.map((field) => {
              const path = `rated.${field.key}`;
              const typed = values.rated[field.key] ?? '';
              const kw = parseNumberText(typed);
              const btu =
                values.kind === 'hvac' && field.key === 'coolingKw' && kw !== null && Number.isFinite(kw)
                  ? t('form.btu', { value: formatNumber(kw * BTU_PER_KW, language) })
                  : undefined;
              return (
                <FormField
                  key={field.key}
                  label={`${ratedLabel(t, field.key)} (${field.unit})`}
                  error={errors[path]}
                  hint={btu}
                >
                  {(control) => (
                    <Input
                      {...control}
                      name={path}
                      inputMode={field.integer ? 'numeric' : 'decimal'}
                      value={typed}
                      onChange={(e) => {
                        const value = e.target.value;
                        setValues((current) => ({ ...current, rated: { ...current.rated, [field.key]: value } }));
                      }}
                    />
                  )}
                </FormField>
              );
            })}
          </div>
        )}
      </fieldset>

      <FormInput
        label={t('form.metrics')}
        error={errors.metrics}
        hint={values.kind ? t('form.metricsHint', { defaults: metricsText(defaultMetrics[values.kind]) }) : undefined}
        {...field('metrics')}
        autoComplete="off"
        spellCheck={false}
        className="font-mono"
      />
    </RegistryForm>
  );
}
