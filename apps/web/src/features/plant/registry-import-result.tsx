import type { ImportLineResult, RegistryImportOutput } from '@sentinela/shared/registry-import';
import { useMemo, useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { useStrings } from '../../lib/i18n/strings';
import { columnLabel, IMPORT_ROWS_STEP, orderLines, valueText } from './registry-import-rules';
import { registryImportStrings } from './registry-import.strings';

const actions = ['create', 'update', 'unchanged', 'refuse'] as const;

const actionTone: Record<ImportLineResult['action'], string> = {
  create: 'text-emerald-700 dark:text-emerald-400',
  update: 'text-sky-700 dark:text-sky-400',
  unchanged: 'text-muted-foreground',
  refuse: 'text-destructive font-medium',
};

/**
 * A dry run's (or an apply's) answer: the counts of every line, then the lines listed, refused
 * first. The answer may list 2,000 lines: IMPORT_ROWS_STEP are drawn at a time, with a
 * "show more" button that keeps the focus in place, so the dialog stays quick.
 */
export function ImportResult({ result }: { result: RegistryImportOutput }) {
  const { language } = useLanguage();
  const t = useStrings(registryImportStrings);
  const lines = useMemo(() => orderLines(result.lines), [result.lines]);
  const [shown, setShown] = useState(IMPORT_ROWS_STEP);
  const visible = lines.slice(0, shown);
  const more = Math.min(IMPORT_ROWS_STEP, lines.length - visible.length);
  const number = (n: number) => formatNumber(n, language);

  const detail = (line: ImportLineResult) => {
    if (line.action === 'refuse') {
      return (
        <ul className="flex flex-col gap-0.5">
          {(line.issues ?? []).map((issue, i) => (
            <li key={i}>
              {issue.field !== '' && (
                <span className="font-medium">{columnLabel(result.entity, issue.field, language)}: </span>
              )}
              {issue.message}
            </li>
          ))}
        </ul>
      );
    }
    if (line.action === 'create') return <span className="text-muted-foreground">{t('newRecord')}</span>;
    if (!line.changes) return null;
    return (
      <ul className="flex flex-col gap-0.5">
        {Object.entries(line.changes).map(([field, [before, after]]) => (
          <li key={field}>
            <span className="font-medium">{columnLabel(result.entity, field, language)}: </span>
            {valueText(before, t('none'))} → {valueText(after, t('none'))}
          </li>
        ))}
      </ul>
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <dl aria-label={t('counts')} className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {actions.map((action) => (
          <div
            key={action}
            data-count={action}
            className={cn(
              'rounded-md border px-3 py-2',
              action === 'refuse' && result.counts.refuse > 0 && 'border-destructive/50 bg-destructive/10',
            )}
          >
            <dt className="text-xs text-muted-foreground">{t(`count.${action}`)}</dt>
            <dd className={cn('text-lg font-semibold tabular-nums', action === 'refuse' && actionTone.refuse)}>
              {number(result.counts[action])}
            </dd>
          </div>
        ))}
      </dl>

      {lines.length > 0 && (
        <div className="max-h-80 overflow-auto rounded-md border" tabIndex={0} aria-label={t('lines')} role="region">
          <table className="w-full text-sm">
            <caption className="sr-only">{t('lines')}</caption>
            <thead className="sticky top-0 bg-muted text-left text-xs">
              <tr>
                <th scope="col" className="px-2 py-1.5 text-right">
                  {t('line')}
                </th>
                <th scope="col" className="px-2 py-1.5">
                  {t('key')}
                </th>
                <th scope="col" className="px-2 py-1.5">
                  {t('action')}
                </th>
                <th scope="col" className="px-2 py-1.5">
                  {t('detail')}
                </th>
              </tr>
            </thead>
            <tbody>
              {visible.map((line) => (
                <tr key={line.line} data-action={line.action} className="border-t align-top">
                  <td className="px-2 py-1.5 text-right tabular-nums">{line.line}</td>
                  <td className="px-2 py-1.5 font-mono text-xs break-all">{line.key}</td>
                  <td className={cn('px-2 py-1.5 whitespace-nowrap', actionTone[line.action])}>
                    {t(`action.${line.action}`)}
                  </td>
                  <td className="px-2 py-1.5">{detail(line)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(lines.length > visible.length || result.omitted > 0) && (
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {lines.length > visible.length && (
            <>
              <span>{t('shown', { shown: number(visible.length), total: number(lines.length) })}</span>
              <Button variant="outline" size="sm" onClick={() => setShown((n) => n + IMPORT_ROWS_STEP)}>
                {t('showMore', { count: number(more) })}
              </Button>
            </>
          )}
          {result.omitted > 0 && <span>{t('omitted', { count: number(result.omitted) })}</span>}
        </div>
      )}
    </div>
  );
}
