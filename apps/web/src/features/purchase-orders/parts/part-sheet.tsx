import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartDetail, StockMovement } from '@sentinela/shared/spare-parts';
import { useState } from 'react';
import { ErrorState } from '../../../components/query-state';
import { RoleGatedButton } from '../../../components/role-gated';
import { Input } from '../../../components/ui/input';
import { QuerySheet, SheetSection } from '../../../components/detail-sheet';
import { errorMessage } from '../../../lib/api-errors';
import { formatCurrency, formatDateTime } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n/language-context';
import { opsStrings } from '../../../lib/i18n/ops-strings';
import { useStrings, type AreaTranslate } from '../../../lib/i18n/strings';
import { notify } from '../../../lib/notify';
import { useTRPC } from '../../../lib/trpc';
import type { PartDialogTarget } from './part-dialogs';
import { BelowMinimumBadge } from './below-minimum-badge';
import { sparePartsStrings } from './spare-parts.strings';
import { formatStock } from './stock-format';

type T = AreaTranslate<keyof (typeof sparePartsStrings)['pt']>;

interface PartSheetProps {
  id: string | null;
  onDialog: (target: PartDialogTarget) => void;
  onOpenChange: (open: boolean) => void;
}

/** One part: its stock per location, the stock on a chosen day, its movements (who, when), and its actions. */
export default function PartSheet({ id, onDialog, onOpenChange }: PartSheetProps) {
  const t = useStrings(sparePartsStrings);
  const trpc = useTRPC();
  const part = useQuery(trpc.spareParts.get.queryOptions(id === null ? skipToken : { id }));
  const data = part.data;
  return (
    <QuerySheet
      open={id !== null}
      onOpenChange={onOpenChange}
      title={data ? t('detail.title', { code: data.code }) : t('title')}
      query={part}
      description={(record) => record.description}
    >
      {(record) => <PartBody part={record} onDialog={onDialog} />}
    </QuerySheet>
  );
}

function movementLabel(t: T, m: StockMovement): string {
  const place =
    m.kind === 'transferred' ? `${m.from?.name ?? '—'} → ${m.to?.name ?? '—'}` : ((m.to ?? m.from)?.name ?? '—');
  return `${t(`movement.${m.kind}`)} · ${place}`;
}

function PartBody({ part, onDialog }: { part: PartDetail; onDialog: PartSheetProps['onDialog'] }) {
  const t = useStrings(sparePartsStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const unit = t(`unit.${part.unit}`);
  const qty = (value: string) => formatStock(value, unit, language);
  const setActive = useMutation(
    trpc.spareParts.setActive.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.spareParts.pathKey() }),
      onError: (error) => notify.error(errorMessage(error, tOps('loadFailed'))),
    }),
  );
  const button = (label: string, onClick: () => void, needs: 'operator' | 'admin' = 'operator', disabled = false) => (
    <RoleGatedButton needs={needs} size="sm" variant="outline" disabled={disabled} onClick={onClick}>
      {label}
    </RoleGatedButton>
  );
  return (
    <>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        {part.belowMinimum && <BelowMinimumBadge />}
        {!part.active && <span className="text-muted-foreground">{t('detail.retired')}</span>}
        <span>{t('detail.totalStock', { quantity: qty(part.stock) })}</span>
        <span className="text-muted-foreground">{t('detail.minimum', { quantity: qty(part.minimumStock) })}</span>
      </div>
      <div className="flex flex-wrap gap-2" data-slot="part-actions">
        {button(t('adjust'), () => onDialog({ kind: 'adjust', part }), 'operator', !part.active)}
        {button(t('transfer'), () => onDialog({ kind: 'transfer', part }), 'operator', !part.active)}
        {button(t('editPart'), () => onDialog({ kind: 'edit', part }))}
        {button(
          part.active ? t('retire') : t('reactivate'),
          () => setActive.mutate({ id: part.id, active: !part.active }),
          'admin',
          setActive.isPending,
        )}
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-xs text-muted-foreground">{t('col.supplier')}</dt>
          <dd>{part.preferredSupplier?.name ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('col.location')}</dt>
          <dd>{part.defaultLocation?.name ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('detail.compatible')}</dt>
          <dd>{part.compatibleKinds.map((k) => tOps(`kind.${k}`)).join(', ') || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">{t('detail.lastPrice')}</dt>
          <dd>{part.lastUnitPrice === null ? '—' : formatCurrency(Number(part.lastUnitPrice), language)}</dd>
        </div>
      </dl>
      <SheetSection title={t('detail.stockByLocation')}>
        {part.stockByLocation.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noStock')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm" data-slot="stock-by-location">
            {part.stockByLocation.map((s) => (
              <li key={s.location.id} className="flex justify-between gap-4">
                <span>{s.location.name}</span>
                <span className="tabular-nums">{qty(s.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
      </SheetSection>
      <StockOnDay part={part} />
      <SheetSection title={t('detail.movements')}>
        {part.movements.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('detail.noMovements')}</p>
        ) : (
          <ol className="flex flex-col gap-2 text-sm" data-slot="part-movements">
            {part.movements.map((m) => {
              const leaves = m.kind === 'consumed' || (m.kind === 'adjusted' && m.from !== null);
              const sign = m.kind === 'transferred' ? '' : leaves ? '−' : '+';
              return (
                <li key={m.id} className="flex flex-col">
                  <span>
                    <span className="font-medium tabular-nums">
                      {sign}
                      {qty(m.quantity)}
                    </span>{' '}
                    {movementLabel(t, m)}
                    {m.workOrder && ` · ${t('movement.workOrder', { number: m.workOrder.number })}`}
                    {m.purchaseOrder && ` · ${t('movement.purchaseOrder', { number: m.purchaseOrder.number })}`}
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {formatDateTime(m.at, language)} · {m.by ? t('movement.by', { who: m.by }) : t('movement.system')}
                    {m.reason && ` · ${m.reason}`}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
        {part.movementsTruncated && (
          <p className="text-xs text-muted-foreground">
            {t('detail.movementsTruncated', { count: part.movements.length })}
          </p>
        )}
      </SheetSection>
    </>
  );
}

function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "Estoque em uma data": the movements up to the end of the chosen day, per location. */
function StockOnDay({ part }: { part: PartDetail }) {
  const t = useStrings(sparePartsStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const [day, setDay] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const onDay = useQuery(trpc.spareParts.stockOnDay.queryOptions(valid ? { partId: part.id, day } : skipToken));
  const unit = t(`unit.${part.unit}`);
  const shownDay = valid ? new Date(`${day}T12:00:00`).toLocaleDateString(language === 'pt' ? 'pt-BR' : 'en-US') : day;
  return (
    <SheetSection title={t('detail.onDay')}>
      <label className="flex items-center gap-2 text-sm">
        <span>{t('detail.day')}</span>
        <Input
          type="date"
          className="w-44"
          name="stockDay"
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
          }}
        />
      </label>
      {onDay.isError ? (
        <ErrorState error={onDay.error} onRetry={() => void onDay.refetch()} />
      ) : onDay.data ? (
        <div className="text-sm" data-slot="stock-on-day">
          {onDay.data.stockByLocation.length === 0 ? (
            <p className="text-muted-foreground">{t('detail.onDayEmpty', { day: shownDay })}</p>
          ) : (
            <>
              <p className="font-medium">
                {t('detail.onDayTotal', { day: shownDay, quantity: formatStock(onDay.data.total, unit, language) })}
              </p>
              <ul className="flex flex-col gap-1">
                {onDay.data.stockByLocation.map((s) => (
                  <li key={s.location.id} className="flex justify-between gap-4">
                    <span>{s.location.name}</span>
                    <span className="tabular-nums">{formatStock(s.quantity, unit, language)}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </SheetSection>
  );
}
