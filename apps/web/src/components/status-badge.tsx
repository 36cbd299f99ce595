import type { EquipmentStatus } from '@sentinela/shared/plant';
import type { AlertSeverity } from '@sentinela/shared/alerts';
import { cn } from '../lib/cn';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';

const statusTone: Record<EquipmentStatus, string> = {
  online: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  offline: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
  maintenance: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
  error: 'bg-red-500/15 text-red-800 dark:text-red-300',
};

const severityTone: Record<AlertSeverity, string> = {
  critical: 'bg-red-500/15 text-red-800 dark:text-red-300',
  warning: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  info: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
};

const pill = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

export function StatusBadge({ status }: { status: EquipmentStatus }) {
  const t = useStrings(opsStrings);
  return (
    <span className={cn(pill, statusTone[status])} data-status={status}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {t(`status.${status}`)}
    </span>
  );
}

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const t = useStrings(opsStrings);
  return (
    <span className={cn(pill, severityTone[severity])} data-severity={severity}>
      {t(`severity.${severity}`)}
    </span>
  );
}
