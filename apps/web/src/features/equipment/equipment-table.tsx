import type { EquipmentItem } from '@sentinela/shared/equipment';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { ChevronRight } from 'lucide-react';
import { StatusBadge } from '../../components/status-badge';
import { cn } from '../../lib/cn';
import { equipmentStrings } from './equipment.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { DeviceTable, listCell, SkeletonBars } from '../plant/device-table';
import { useStrings } from '../../lib/i18n/strings';

const cell = cn(listCell, 'align-middle');

interface EquipmentTableProps {
  items: EquipmentItem[] | undefined;
  statusOf: (item: EquipmentItem) => EquipmentStatus;
  busy: boolean;
  stale: boolean;
  onOpen: (item: EquipmentItem) => void;
  rows: number;
}

/** The list: name (opens the details), type, live status and location (spec's columns). */
export function EquipmentTable({ items, statusOf, busy, stale, onOpen, rows }: EquipmentTableProps) {
  const t = useStrings(equipmentStrings);
  const tOps = useStrings(opsStrings);
  return (
    <DeviceTable
      columns={[{ label: t('name') }, { label: t('type') }, { label: t('status') }, { label: t('location') }]}
      minWidth="min-w-[44rem]"
      items={items}
      stale={stale}
      busy={busy}
      empty={t('empty')}
      variant="list"
      skeleton={
        <SkeletonBars
          rows={rows}
          widths={[48, 24, 20, 56]}
          cellClassName={cell}
          secondLine={(column) => column === 0 || column === 3}
          secondLineClassName="w-24"
        />
      }
      row={(item) => (
        <tr key={item.id} data-equipment-id={item.id} className="hover:bg-muted/40">
          <td className={cell}>
            <button
              type="button"
              className="group inline-flex max-w-full items-center gap-1 rounded-sm text-left font-medium outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/60"
              aria-label={t('openDetails', { name: item.name })}
              onClick={() => onOpen(item)}
            >
              <span className="truncate">{item.name}</span>
              <ChevronRight aria-hidden className="size-3.5 shrink-0 text-muted-foreground" />
            </button>
            <div className="font-mono text-xs text-muted-foreground">{item.id}</div>
          </td>
          <td className={cn(cell, 'whitespace-nowrap')}>{tOps(`kind.${item.kind}`)}</td>
          <td className={cell}>
            <StatusBadge status={statusOf(item)} />
          </td>
          <td className={cell}>
            <div>{item.location ?? item.roomName ?? '—'}</div>
            <div className="text-xs text-muted-foreground">
              {item.roomName && !item.location?.includes(item.roomName)
                ? `${item.facilityName} · ${item.roomName}`
                : item.facilityName}
            </div>
          </td>
        </tr>
      )}
    />
  );
}
