import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MaintenancePlan } from '@sentinela/shared/maintenance';
import { Pencil } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { CardSection } from '../../components/card-section';
import { EmptyState, ErrorState } from '../../components/query-state';
import { RoleGatedButton, RoleGatedNewButton } from '../../components/role-gated';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';
import { useFacilityZones } from '../plant/use-facility-zones';
import { plansStrings } from './maintenance-plans.strings';
import { maintenanceStrings } from './maintenance.strings';
import { hoursLeftText, recurrenceText } from './plan-recurrence';

const PlanFormDialog = lazy(() => import('./plan-form-dialog'));

/** "Planos preventivos": every plan, what it covers, how often and what comes next; admins edit them. */
export function MaintenancePlansCard({
  technicians,
}: {
  technicians: readonly { id: string; name: string }[] | undefined;
}) {
  const t = useStrings(plansStrings);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const plans = useQuery(trpc.maintenance.plans.list.queryOptions());
  // undefined: closed; null: a new plan.
  const [editing, setEditing] = useState<MaintenancePlan | null | undefined>(undefined);

  return (
    <CardSection
      title={t('title')}
      description={t('description')}
      action={
        <RoleGatedNewButton
          needs="admin"
          variant="outline"
          onClick={() => {
            setEditing(null);
          }}
          label={t('newPlan')}
        />
      }
    >
      {plans.isError ? (
        <ErrorState title={t('failed')} error={plans.error} onRetry={() => void plans.refetch()} />
      ) : plans.data === undefined ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('loading')}
        </p>
      ) : plans.data.length === 0 ? (
        <EmptyState>{t('empty')}</EmptyState>
      ) : (
        <ul aria-label={t('title')} className="flex flex-col divide-y">
          {plans.data.map((plan) => (
            <PlanRow key={plan.id} plan={plan} onEdit={setEditing} />
          ))}
        </ul>
      )}
      {editing !== undefined && (
        <Suspense fallback={null}>
          <PlanFormDialog
            plan={editing}
            technicians={technicians}
            onClose={() => {
              setEditing(undefined);
            }}
            onSaved={async () => {
              setEditing(undefined);
              await queryClient.invalidateQueries({ queryKey: trpc.maintenance.pathKey() });
            }}
          />
        </Suspense>
      )}
    </CardSection>
  );
}

function PlanRow({ plan, onEdit }: { plan: MaintenancePlan; onEdit: (plan: MaintenancePlan) => void }) {
  const t = useStrings(plansStrings);
  const tOrders = useStrings(maintenanceStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const zone = useFacilityZones().shared?.timeZone;
  const target = plan.equipment
    ? plan.equipment.name
    : plan.kind
      ? plan.facility
        ? t('kindIn', { kind: tOps(`kind.${plan.kind}`), facility: plan.facility.name })
        : t('kindAll', { kind: tOps(`kind.${plan.kind}`) })
      : '—';
  const next =
    plan.targets === 0
      ? t('noTargets')
      : plan.nextDueAt
        ? formatDateTime(plan.nextDueAt, language, zone)
        : plan.hoursLeft !== null
          ? hoursLeftText(plan.hoursLeft, t, language)
          : '—';
  return (
    <li data-plan={plan.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 py-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {plan.title}
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-medium',
              plan.active
                ? 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300'
                : 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
            )}
          >
            {plan.active ? t('active') : t('inactive')}
          </span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
          <dt className="text-muted-foreground">{t('col.target')}</dt>
          <dd>
            {target}
            {!plan.equipment && plan.targets > 0 && (
              <span className="text-muted-foreground"> ({t('targets', { n: plan.targets })})</span>
            )}
          </dd>
          <dt className="text-muted-foreground">{t('col.recurrence')}</dt>
          <dd>{recurrenceText(plan, t, language)}</dd>
          <dt className="text-muted-foreground">{t('col.next')}</dt>
          <dd data-slot="next-due">{next}</dd>
          <dt className="text-muted-foreground">{t('col.technician')}</dt>
          <dd>{plan.technician.name ?? tOrders('unassigned')}</dd>
        </dl>
      </div>
      <RoleGatedButton
        needs="admin"
        size="sm"
        variant="outline"
        aria-label={t('editOf', { title: plan.title })}
        onClick={() => {
          onEdit(plan);
        }}
      >
        <Pencil aria-hidden />
        {t('editPlan')}
      </RoleGatedButton>
    </li>
  );
}
