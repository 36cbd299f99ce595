import { cn } from '../lib/cn';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';
import type { LiveStatus } from '../lib/live';

const tone: Record<LiveStatus, string> = {
  live: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  connecting: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  offline: 'bg-red-500/15 text-red-800 dark:text-red-300',
};

/** Shows whether the live stream is connected (the dashboard's "live" badge). */
export function LiveBadge({ status }: { status: LiveStatus }) {
  const t = useStrings(opsStrings);
  return (
    <span
      role="status"
      data-live={status}
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-medium', tone[status])}
    >
      <span aria-hidden className={cn('size-2 rounded-full bg-current', status === 'live' && 'animate-pulse')} />
      {t(`live.${status}`)}
    </span>
  );
}
