import { TableHead } from '../../components/list-table';
import { useQuery } from '@tanstack/react-query';
import type { MotorCommand } from '@sentinela/shared/motors';
import { ErrorState } from '../../components/query-state';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { motorsStrings } from './motors.strings';
import { refusalReason } from '../../lib/command-refusal';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPC } from '../../lib/trpc';

const COMMANDS_SHOWN = 8;

const tone: Record<MotorCommand['status'], string> = {
  pending: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  confirmed: 'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
  failed: 'bg-red-500/15 text-red-800 dark:text-red-300',
  timeout: 'bg-zinc-500/15 text-zinc-700 dark:text-zinc-300',
};

const cell = 'px-2 py-2 text-left align-top';

/** Who switched this motor, when (in `timeZone`, its facility's), and what came of it (the command log). */
export function MotorCommands({ motorId, timeZone }: { motorId: string; timeZone: string | undefined }) {
  const t = useStrings(motorsStrings);
  const tOps = useStrings(opsStrings);
  const { language } = useLanguage();
  const trpc = useTRPC();
  const history = useQuery(trpc.motors.commands.queryOptions({ id: motorId, limit: COMMANDS_SHOWN }, { staleTime: 0 }));

  if (history.isError && !history.data)
    return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;
  if (history.data?.length === 0) return <p className="text-sm text-muted-foreground">{t('detail.noCommands')}</p>;
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full min-w-[26rem] text-xs" aria-busy={!history.data}>
        <TableHead
          className="border-b bg-muted/50 text-muted-foreground"
          cell={cell}
          columns={[t('cmd.when'), t('cmd.action'), t('cmd.who'), t('cmd.result')]}
        />
        <tbody className="divide-y">
          {!history.data
            ? Array.from({ length: 3 }, (_, i) => (
                <tr key={i} aria-hidden>
                  {[24, 16, 20, 16].map((w, j) => (
                    <td key={j} className={cell}>
                      <span className="block h-4 animate-pulse rounded bg-muted" style={{ width: `${w * 4}px` }} />
                    </td>
                  ))}
                </tr>
              ))
            : history.data.map((command) => (
                <tr key={command.id}>
                  <td className={cn(cell, 'whitespace-nowrap tabular-nums')}>
                    {formatDateTime(command.requestedAt, language, timeZone)}
                  </td>
                  <td className={cell}>{describe(command, t)}</td>
                  <td className={cell}>{command.requestedByName ?? t('cmd.system')}</td>
                  <td className={cell}>
                    <span
                      className={cn(
                        'inline-flex rounded-full px-2 py-0.5 font-medium whitespace-nowrap',
                        tone[command.status],
                      )}
                    >
                      {t(`result.${command.status}`)}
                    </span>
                    {(command.error ?? command.errorCode) && (
                      <span className="mt-0.5 block text-muted-foreground">
                        {refusalReason({ code: command.errorCode, error: command.error }, tOps)}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
        </tbody>
      </table>
    </div>
  );
}

function describe(command: MotorCommand, t: (key: 'cmd.turnOn' | 'cmd.turnOff') => string): string {
  if (command.action === 'setPower' && typeof command.payload.on === 'boolean')
    return t(command.payload.on ? 'cmd.turnOn' : 'cmd.turnOff');
  return command.action;
}
