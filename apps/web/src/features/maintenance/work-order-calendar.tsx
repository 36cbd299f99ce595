import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WorkOrderItem } from '@sentinela/shared/maintenance';
import type { WorkOrderCalendarItem } from '@sentinela/shared/maintenance-calendar';
import { ChevronLeft, ChevronRight, ClipboardX } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState, QueryError } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { pollKeepingData } from '../../lib/polling';
import { useTRPC } from '../../lib/trpc';
import { useIsMobile } from '../../lib/use-is-mobile';
import { formatNumber } from '../../lib/format';
import { useFacilityZones } from '../plant/use-facility-zones';
import { CalendarAgenda, CalendarMonthTable } from './calendar-month-table';
import { maintenanceStrings } from './maintenance.strings';
import { addMonths, dayAsDate, dayOf, monthOf, monthRange } from './month-grid';
import type { WorkOrderDialogKind } from './work-order-action-dialogs';
import { calendarStrings } from './work-order-calendar.strings';

const REFRESH_MS = 30_000;
const DAY_MS = 86_400_000;

interface WorkOrderCalendarProps {
  /** The list's filters (search, status, kind, priority, technician, facility). */
  filters: Record<string, string>;
  filtered: boolean;
  /** 'YYYY-MM'; null: this month. */
  month: string | null;
  onMonth: (month: string) => void;
  onOpen: (id: string) => void;
  onDialog: (kind: WorkOrderDialogKind, order: WorkOrderItem) => void;
}

/** The month's orders by their day on their facility's clock (those of other months left out). */
export function ordersByDay(items: readonly WorkOrderCalendarItem[], month: string) {
  const byDay = new Map<string, WorkOrderCalendarItem[]>();
  for (const order of items) {
    const day = dayOf(order.scheduledAt, order.timezone);
    if (!day.startsWith(month)) continue;
    const list = byDay.get(day);
    if (list) list.push(order);
    else byDay.set(day, [order]);
  }
  return byDay;
}

/**
 * The month's work orders by day (the site's month, each order on its facility's day), with the
 * list's filters; previous/next month and today; an order opens the drawer or the reschedule dialog.
 */
export default function WorkOrderCalendar({
  filters,
  filtered,
  month,
  onMonth,
  onOpen,
  onDialog,
}: WorkOrderCalendarProps) {
  const t = useStrings(calendarStrings);
  const tM = useStrings(maintenanceStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const locale = language === 'pt' ? 'pt-BR' : 'en-US';
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isMobile = useIsMobile();
  const zone = useFacilityZones().site?.timeZone;
  const today = dayOf(new Date(), zone);
  const shown = month ?? monthOf(new Date(), zone);

  // A day more on each side: an order in a facility west or east of the site's zone may fall on
  // this month on its own clock.
  const input = useMemo(() => {
    if (!zone) return skipToken;
    const range = monthRange(shown, zone);
    return {
      ...filters,
      from: new Date(range.from.getTime() - DAY_MS),
      to: new Date(range.to.getTime() + DAY_MS),
    };
  }, [filters, shown, zone]);
  const calendar = useQuery(trpc.maintenance.orders.calendar.queryOptions(input, pollKeepingData(REFRESH_MS)));
  const byDay = useMemo(() => ordersByDay(calendar.data?.items ?? [], shown), [calendar.data, shown]);

  const reschedule = (id: string) => {
    queryClient.fetchQuery(trpc.maintenance.orders.get.queryOptions({ id })).then(
      (order) => {
        onDialog('reschedule', order);
      },
      (error: unknown) => {
        notify.error(errorMessage(error, tM('actionFailed')));
      },
    );
  };

  const monthTitle = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    dayAsDate(`${shown}-01`),
  );
  const title = monthTitle.charAt(0).toUpperCase() + monthTitle.slice(1);
  const days = {
    month: shown,
    byDay,
    today,
    busy: calendar.isFetching,
    onOpen,
    onReschedule: reschedule,
  };
  const empty = calendar.data && byDay.size === 0;

  return (
    <section className="flex flex-col gap-3" data-slot="work-order-calendar" data-month={shown}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold" aria-live="polite">
          {title}
        </h2>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon-sm"
            aria-label={t('previous')}
            onClick={() => onMonth(addMonths(shown, -1))}
          >
            <ChevronLeft aria-hidden />
          </Button>
          <Button variant="outline" size="sm" onClick={() => onMonth(monthOf(new Date(), zone))}>
            {t('today')}
          </Button>
          <Button variant="outline" size="icon-sm" aria-label={t('next')} onClick={() => onMonth(addMonths(shown, 1))}>
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
      <p className="text-xs text-muted-foreground">{t('hint')}</p>
      {calendar.data?.truncated && (
        <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
          {t('truncated', { count: formatNumber(calendar.data.items.length, language) })}
        </p>
      )}
      {calendar.isError && <QueryError query={calendar} />}
      {!calendar.data && !calendar.isError && <p className="text-sm text-muted-foreground">{tOps('loading')}</p>}
      {isMobile ? (
        empty ? (
          <EmptyState icon={<ClipboardX aria-hidden className="size-4" />}>
            {filtered ? t('emptyFiltered') : t('empty')}
          </EmptyState>
        ) : (
          <CalendarAgenda {...days} label={t('agendaLabel', { month: monthTitle })} />
        )
      ) : (
        <>
          {empty && <p className="text-sm text-muted-foreground">{filtered ? t('emptyFiltered') : t('empty')}</p>}
          <div className="overflow-x-auto">
            <CalendarMonthTable {...days} label={t('gridLabel', { month: monthTitle })} />
          </div>
        </>
      )}
    </section>
  );
}
