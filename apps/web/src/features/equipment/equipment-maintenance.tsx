import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { QueryError } from '../../components/query-state';
import { formatCurrency, formatDay, formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { equipmentStrings } from './equipment.strings';

const LATEST_ORDERS = 5;

/**
 * A device's maintenance in its drawer: open orders, MTBF and MTTR (as the maintenance page
 * computes them, for this device), and its latest work orders.
 */
export function EquipmentMaintenance({ id, timeZone }: { id: string; timeZone: string | undefined }) {
  const t = useStrings(equipmentStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const kpis = useQuery(trpc.maintenance.kpis.queryOptions({ equipmentId: id }));
  const orders = useQuery(
    trpc.maintenance.orders.list.queryOptions({ equipmentId: id, page: 1, pageSize: LATEST_ORDERS }),
  );
  const hours = (value: number | null | undefined) =>
    value == null ? t('maintenance.noFailures') : t('maintenance.hours', { hours: formatNumber(value, language, 1) });
  const figures = kpis.data && [
    { label: t('maintenance.open'), value: formatNumber(kpis.data.open.total, language) },
    { label: t('maintenance.mtbf'), value: hours(kpis.data.mtbfHours) },
    { label: t('maintenance.mttr'), value: hours(kpis.data.mttrHours) },
  ];
  return (
    <section aria-labelledby="maintenance-title" className="flex flex-col gap-2" data-testid="equipment-maintenance">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="maintenance-title" className="text-sm font-semibold">
          {t('maintenance.title')}
        </h3>
        <Link href="/maintenance" className="text-xs underline-offset-2 hover:underline">
          {t('maintenance.all')}
        </Link>
      </div>
      {kpis.isError || orders.isError ? (
        <QueryError query={kpis.isError ? kpis : orders} />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2">
            {(figures ?? [0, 1, 2].map(() => null)).map((figure, i) =>
              figure ? (
                <div key={figure.label} className="rounded-md border p-2.5">
                  <dt className="text-xs text-muted-foreground">{figure.label}</dt>
                  <dd className="mt-0.5 text-base font-semibold tabular-nums">{figure.value}</dd>
                </div>
              ) : (
                <span key={i} aria-hidden className="h-16 animate-pulse rounded-md bg-muted" />
              ),
            )}
          </dl>
          <p className="text-xs text-muted-foreground">{t('maintenance.how')}</p>
          {orders.data && orders.data.items.length === 0 ? (
            <p className="rounded-md border border-dashed p-3 text-center text-sm text-muted-foreground">
              {t('maintenance.none')}
            </p>
          ) : (
            <ul aria-label={t('maintenance.list')} className="divide-y rounded-md border text-sm">
              {orders.data?.items.map((order) => (
                <li key={order.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 p-2.5">
                  <span className="min-w-0">
                    <span className="font-mono text-xs">{order.number}</span> <span>{order.title}</span>
                  </span>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {t(`maintenance.status.${order.status}`)} · {formatDay(order.scheduledAt, language, timeZone)}
                    {order.status === 'completed' && ` · ${formatCurrency(Number(order.cost), language)}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
