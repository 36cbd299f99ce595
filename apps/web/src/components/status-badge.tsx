import type { EquipmentStatus } from '@sentinela/shared/plant';
import type { AlertSeverity } from '@sentinela/shared/alerts';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { opsStrings } from '../lib/i18n/ops-strings';
import { useStrings } from '../lib/i18n/strings';

/** The colours of the portal's status pills. */
export const tones = {
  green: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  amber: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  red: 'bg-red-500/15 text-red-800 dark:text-red-300',
  sky: 'bg-sky-500/15 text-sky-800 dark:text-sky-300',
  violet: 'bg-violet-500/15 text-violet-800 dark:text-violet-300',
  zinc: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
} as const;

export type Tone = keyof typeof tones;

const pill = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap';

/** A status in a small coloured pill; `dot` puts a dot before its words. Other props go to the span (data-*). */
export function StatusPill({
  tone,
  dot,
  className,
  children,
  ...span
}: ComponentProps<'span'> & { tone: Tone; dot?: boolean }) {
  return (
    <span className={cn(pill, tones[tone], className)} {...span}>
      {dot && <span aria-hidden className="size-1.5 rounded-full bg-current" />}
      {children}
    </span>
  );
}

const statusTone: Record<EquipmentStatus, Tone> = {
  online: 'green',
  offline: 'zinc',
  maintenance: 'sky',
  error: 'red',
};

const severityTone: Record<AlertSeverity, Tone> = {
  critical: 'red',
  warning: 'amber',
  info: 'sky',
};

export function StatusBadge({ status }: { status: EquipmentStatus }) {
  const t = useStrings(opsStrings);
  return (
    <StatusPill tone={statusTone[status]} dot data-status={status}>
      {t(`status.${status}`)}
    </StatusPill>
  );
}

export function SeverityBadge({ severity }: { severity: AlertSeverity }) {
  const t = useStrings(opsStrings);
  return (
    <StatusPill tone={severityTone[severity]} data-severity={severity}>
      {t(`severity.${severity}`)}
    </StatusPill>
  );
}
