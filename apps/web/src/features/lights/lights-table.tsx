import { TableHead } from '../../components/list-table';
import type { LightItem } from '@sentinela/shared/lights';
import { useId } from 'react';
import { EmptyState } from '../../components/query-state';
import { SearchInput } from '../../components/filter-bar';
import { Select } from '../../components/ui/input';
import { cn } from '../../lib/cn';
import { lightsStrings } from './lights.strings';
import { useStrings } from '../../lib/i18n/strings';
import { cellClass, LightRow } from './light-row';
import type { LightChange, LiveLight } from './use-lights-live';
import type { DeviceListTableProps } from '../plant/device-table';
import { DeviceCardList } from '../plant/device-card';
import { useIsMobile } from '../../lib/use-is-mobile';

export interface LightFilterValues {
  search: string;
  state: '' | 'on' | 'off';
}

export function LightFilters({
  values,
  onChange,
}: {
  values: LightFilterValues;
  onChange: (values: LightFilterValues) => void;
}) {
  const t = useStrings(lightsStrings);
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3">
      <SearchInput
        frameClassName="w-full max-w-sm"
        aria-label={t('filter.search')}
        placeholder={t('filter.searchPlaceholder')}
        value={values.search}
        onChange={(event) => {
          onChange({ ...values, search: event.target.value });
        }}
      />
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-state`} className="text-sm text-muted-foreground">
          {t('filter.state')}
        </label>
        <Select
          id={`${id}-state`}
          value={values.state}
          onChange={(event) => {
            onChange({ ...values, state: event.target.value as LightFilterValues['state'] });
          }}
        >
          <option value="">{t('filter.allStates')}</option>
          <option value="on">{t('filter.onlyOn')}</option>
          <option value="off">{t('filter.onlyOff')}</option>
        </Select>
      </div>
    </div>
  );
}

interface LightsTableProps extends DeviceListTableProps<LightItem, (item: LightItem) => LiveLight, LightChange> {
  onChange: (item: LightItem, change: LightChange) => void;
  skeletonRows: number;
}

/** The lights of the page: a table, or on a phone a list of cards. */
export function LightsTable({ items, stale, filtered, live, pending, onChange, skeletonRows }: LightsTableProps) {
  const t = useStrings(lightsStrings);
  const isMobile = useIsMobile();
  if (items && items.length === 0) return <EmptyState>{filtered ? t('emptyFiltered') : t('empty')}</EmptyState>;
  const draw = (item: LightItem, layout: 'row' | 'card') => (
    <LightRow
      key={item.id}
      item={item}
      live={live(item)}
      pending={pending[item.id]}
      layout={layout}
      onChange={(change) => {
        onChange(item, change);
      }}
    />
  );
  if (isMobile)
    return (
      <DeviceCardList items={items} stale={stale} busy={!items || stale} skeletonCards={skeletonRows}>
        {items?.map((item) => draw(item, 'card'))}
      </DeviceCardList>
    );
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className={cn('w-full min-w-[54rem] text-sm', stale && 'opacity-60')} aria-busy={!items || stale}>
        <TableHead
          cell={cellClass}
          columns={[
            t('col.light'),
            t('col.status'),
            t('col.power'),
            t('col.brightness'),
            t('col.mode'),
            { label: t('col.consumption'), className: 'text-right' },
          ]}
        />
        <tbody className="divide-y">
          {items
            ? items.map((item) => draw(item, 'row'))
            : Array.from({ length: skeletonRows }, (_, row) => (
                <tr key={row} aria-hidden data-slot="skeleton">
                  {[44, 20, 28, 48, 28, 16].map((width, cell) => (
                    <td key={cell} className={cn(cellClass, 'h-[61px]')}>
                      <span className="block h-4 animate-pulse rounded bg-muted" style={{ width: `${width * 4}px` }} />
                    </td>
                  ))}
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}
