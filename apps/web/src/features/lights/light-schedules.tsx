import { TableHead } from '../../components/list-table';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LightFacilities, LightSchedule } from '@sentinela/shared/lights';
import { Pencil, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListPagination } from '../../components/list-pagination';
import { EmptyState, ErrorState } from '../../components/query-state';
import { RoleGated, RoleGatedNewButton } from '../../components/role-gated';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { errorMessage } from '../../lib/api-errors';
import { cn } from '../../lib/cn';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { lightsStrings, type LightsStringKey } from './lights.strings';
import { useStrings, type AreaTranslate } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../lib/trpc';
import type { LightsScopeValue } from './lights-scope';
import { weekOrder } from './schedule-validation';

// The form (Radix Dialog) loads when a schedule is first created or edited.
const ScheduleFormDialog = lazy(() =>
  import('./schedule-form-dialog').then((module) => ({ default: module.ScheduleFormDialog })),
);

export const SCHEDULES_PAGE_SIZE = 10;
const cellClass = 'px-3 py-2.5 text-left align-middle';

function daysText(days: number[], t: AreaTranslate<LightsStringKey>): string {
  if (days.length === 7) return t('everyDay');
  if (days.length === 5 && [1, 2, 3, 4, 5].every((d) => days.includes(d))) return t('weekdays');
  return weekOrder
    .filter((d) => days.includes(d))
    .map((d) => t(`day.${d}`))
    .join(', ');
}

/** Room schedules of the chosen scope: list, create, edit, pause, delete (operators). */
export function LightSchedules({
  scope,
  facilities,
}: {
  scope: LightsScopeValue;
  facilities: LightFacilities | undefined;
}) {
  const { language } = useLanguage();
  const t = useStrings(lightsStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ schedule: LightSchedule | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<LightSchedule | null>(null);

  const scopeKey = `${scope.facilityId}|${scope.roomId}`;
  const [pageScope, setPageScope] = useState(scopeKey);
  if (pageScope !== scopeKey) {
    setPageScope(scopeKey);
    setPage(1);
  }

  const list = useQuery(
    trpc.lights.schedules.list.queryOptions(
      {
        facilityId: scope.facilityId || undefined,
        roomId: scope.roomId || undefined,
        page,
        pageSize: SCHEDULES_PAGE_SIZE,
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const remove = useMutation(
    trpc.lights.schedules.delete.mutationOptions({
      onSuccess: () => {
        notify.success(t('schedule.deleted'));
      },
      onError: (error) => {
        notify.error(errorMessage(error, t('schedule.deleteFailed')));
      },
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.lights.schedules.list.pathKey() }),
    }),
  );

  const data = list.data;
  const lastRun = (schedule: LightSchedule) => {
    const on = schedule.lastOnAt?.getTime() ?? 0;
    const off = schedule.lastOffAt?.getTime() ?? 0;
    if (!on && !off) return t('schedule.never');
    return on >= off
      ? t('schedule.lastOn', { time: formatDateTime(schedule.lastOnAt, language, schedule.timezone) })
      : t('schedule.lastOff', { time: formatDateTime(schedule.lastOffAt, language, schedule.timezone) });
  };

  return (
    <Card>
      <CardHeader>
        <div className="max-w-3xl">
          <CardTitle>{t('schedules')}</CardTitle>
          <CardDescription>{t('schedulesDescription')}</CardDescription>
        </div>
        <RoleGatedNewButton
          needs="operator"
          size="sm"
          disabled={!facilities}
          onClick={() => setEditing({ schedule: null, key: Date.now() })}
          label={t('newSchedule')}
        />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {list.isError && !data ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : data && data.items.length === 0 ? (
          <EmptyState>{t('schedule.empty')}</EmptyState>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table
              className={cn('w-full min-w-[52rem] text-sm', list.isPlaceholderData && 'opacity-60')}
              aria-busy={!data || list.isPlaceholderData}
            >
              <caption className="sr-only">{t('schedules')}</caption>
              <TableHead
                cell={cellClass}
                columns={[
                  t('schedule.room'),
                  t('schedule.onTime'),
                  t('schedule.offTime'),
                  t('schedule.days'),
                  t('col.brightness'),
                  t('schedule.lastRun'),
                  t('schedule.actions'),
                ]}
              />
              <tbody className="divide-y">
                {data
                  ? data.items.map((schedule) => {
                      const labels = { room: schedule.roomName, on: schedule.onTime, off: schedule.offTime };
                      return (
                        <tr key={schedule.id} data-schedule-id={schedule.id}>
                          <td className={cellClass}>
                            <div className="font-medium">{schedule.roomName}</div>
                            <div className="text-xs text-muted-foreground">
                              {schedule.facilityName} · {t('schedule.lights', { count: schedule.lights })} ·{' '}
                              {schedule.timezone}
                            </div>
                          </td>
                          <td className={cn(cellClass, 'tabular-nums')}>{schedule.onTime}</td>
                          <td className={cn(cellClass, 'tabular-nums whitespace-nowrap')}>
                            {schedule.offTime}
                            {schedule.offTime < schedule.onTime && (
                              <span className="ml-1 text-xs text-muted-foreground">{t('schedule.nextDay')}</span>
                            )}
                          </td>
                          <td className={cellClass}>{daysText(schedule.days, t)}</td>
                          <td className={cn(cellClass, 'tabular-nums')}>
                            {formatQuantity(schedule.brightness, '%', language, 0)}
                            {!schedule.enabled && (
                              <span className="ml-2 rounded-full bg-muted px-2 py-0.5 text-xs text-muted-foreground">
                                {t('schedule.paused')}
                              </span>
                            )}
                          </td>
                          <td className={cn(cellClass, 'text-xs text-muted-foreground')}>{lastRun(schedule)}</td>
                          <td className={cellClass}>
                            <RoleGated needs="operator">
                              {(allowed) => (
                                <span className="inline-flex gap-1">
                                  <Button
                                    variant="ghost"
                                    size="icon-sm"
                                    aria-label={t('schedule.editLabel', labels)}
                                    disabled={!allowed}
                                    onClick={() => setEditing({ schedule, key: Date.now() })}
                                  >
                                    <Pencil aria-hidden />
                                  </Button>
                                  <Button
                                    variant="ghost"
                                    size="icon-sm"
                                    aria-label={t('schedule.deleteLabel', labels)}
                                    disabled={!allowed || remove.isPending}
                                    onClick={() => setDeleting(schedule)}
                                  >
                                    <Trash2 aria-hidden />
                                  </Button>
                                </span>
                              )}
                            </RoleGated>
                          </td>
                        </tr>
                      );
                    })
                  : Array.from({ length: 2 }, (_, row) => (
                      <tr key={row} aria-hidden data-slot="skeleton">
                        {[40, 12, 12, 24, 12, 28, 16].map((width, cell) => (
                          <td key={cell} className={cn(cellClass, 'h-[57px]')}>
                            <span
                              className="block h-4 animate-pulse rounded bg-muted"
                              style={{ width: `${width * 4}px` }}
                            />
                          </td>
                        ))}
                      </tr>
                    ))}
              </tbody>
            </table>
          </div>
        )}
        <ListPagination
          data={data}
          busy={list.isFetching}
          onPage={setPage}
          totalLabel={(count) => t('schedule.total', { count })}
          hideWhenOnePage
        />
      </CardContent>
      {editing && (
        <Suspense fallback={null}>
          <ScheduleFormDialog
            key={editing.key}
            open
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
            schedule={editing.schedule}
            defaultRoomId={scope.roomId}
            facilities={facilities}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('schedule.deleteTitle')}
        description={
          deleting
            ? t('schedule.deleteDescription', { room: deleting.roomName, on: deleting.onTime, off: deleting.offTime })
            : ''
        }
        confirmLabel={t('schedule.delete')}
        destructive
        onConfirm={() => {
          if (deleting) remove.mutate({ id: deleting.id });
        }}
      />
    </Card>
  );
}
