import { eventKindLabels } from '@sentinela/shared/event-messages';
import { adminOnlyEventKinds, eventKinds, SYSTEM_ACTOR_FILTER } from '@sentinela/shared/event-values';
import { filterSelects } from '../../components/filter-bar';
import { SelectField } from '../../components/select-field';
import { Button } from '../../components/ui/button';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { eventsStrings } from './events.strings';
import { eventRanges, initialEventFilters, type EventFilterValues, type EventRange } from './use-event-filters';

interface EventFiltersProps {
  values: EventFilterValues;
  onChange: (values: EventFilterValues) => void;
  admin: boolean;
  facilities: readonly { id: string; name: string }[] | undefined;
  /** The chosen facility's equipment (none until a facility is chosen). */
  equipment: readonly { id: string; name: string }[] | undefined;
  actors: readonly { id: string; email: string }[] | undefined;
  filtered: boolean;
}

/** Kind, facility, equipment (of the facility), who and period. */
export function EventFilters({ values, onChange, admin, facilities, equipment, actors, filtered }: EventFiltersProps) {
  const { language } = useLanguage();
  const t = useStrings(eventsStrings);
  const { set, select } = filterSelects(values, onChange);
  const kinds = eventKinds.filter((k) => admin || !adminOnlyEventKinds.includes(k));
  return (
    <fieldset className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(5,minmax(8rem,1fr))_auto]">
      <legend className="sr-only">{t('filter.legend')}</legend>
      {select('kind', {
        label: t('filter.kind'),
        emptyOption: t('filter.allKinds'),
        options: kinds.map((value) => ({ value, label: eventKindLabels[language][value] })),
      })}
      {select('facilityId', {
        label: t('filter.facility'),
        emptyOption: t('filter.allFacilities'),
        options: (facilities ?? []).map((f) => ({ value: f.id, label: f.name })),
        clears: { equipmentId: '' },
      })}
      {select('equipmentId', {
        label: values.facilityId ? t('filter.equipment') : t('filter.equipmentPickFacility'),
        emptyOption: values.facilityId ? t('filter.allEquipment') : t('filter.equipmentPickFacility'),
        options: (equipment ?? []).map((e) => ({ value: e.id, label: e.name })),
      })}
      {select('actor', {
        label: t('filter.actor'),
        emptyOption: t('filter.allActors'),
        options: [
          { value: SYSTEM_ACTOR_FILTER, label: t('filter.system') },
          ...(actors ?? []).map((a) => ({ value: a.id, label: a.email })),
        ],
      })}
      <SelectField
        label={t('filter.range')}
        labelPlacement="hidden"
        value={values.range}
        options={eventRanges.map((value) => ({ value, label: t(`range.${value}`) }))}
        onChange={(range) => {
          set({ range: range as EventRange, rangeFrom: Date.now() });
        }}
      />
      <Button
        variant="ghost"
        disabled={!filtered}
        onClick={() => {
          onChange(initialEventFilters);
        }}
      >
        {t('clear')}
      </Button>
    </fieldset>
  );
}
