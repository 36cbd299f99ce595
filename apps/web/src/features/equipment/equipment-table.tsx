import type { EquipmentItem } from '@sentinela/shared/equipment';
import type { EquipmentStatus } from '@sentinela/shared/plant';
import { ChevronRight } from 'lucide-react';
import { StatusBadge } from '../../components/status-badge';
import { cn } from '../../lib/cn';
import { equipmentStrings } from './equipment.strings';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';

const cell = 'px-3 py-2.5 text-left align-middle';

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
    <div className="overflow-x-auto rounded-lg border">
      <table className={cn('w-full min-w-[44rem] text-sm', stale && 'opacity-60')} aria-busy={busy}>
        <thead className="border-b bg-muted/50 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cell}>
              {t('name')}
            </th>
            <th scope="col" className={cell}>
              {t('type')}
            </th>
            <th scope="col" className={cell}>
              {t('status')}
            </th>
            <th scope="col" className={cell}>
              {t('location')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {!items ? (
            <SkeletonRows rows={rows} />
          ) : items.length === 0 ? (
            <tr>
              <td colSpan={4} className="h-40 px-3 text-center text-muted-foreground">
                {t('empty')}
              </td>
            </tr>
          ) : (
            items.map((item) => (
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
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function SkeletonRows({ rows }: { rows: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <tr key={row} aria-hidden data-slot="skeleton">
      {[48, 24, 20, 56].map((width, i) => (
        <td key={i} className={cell}>
          <span
            className="block h-4 animate-pulse rounded bg-muted"
            style={{ width: `${width * 4}px`, maxWidth: '100%' }}
          />
          {(i === 0 || i === 3) && <span className="mt-1.5 block h-3 w-24 animate-pulse rounded bg-muted" />}
        </td>
      ))}
    </tr>
  ));
}
