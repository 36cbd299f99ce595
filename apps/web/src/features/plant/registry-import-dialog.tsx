import type { RegistryImportEntity, RegistryImportOutput } from '@sentinela/shared/registry-import';
import { useMutation } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { FormAlert } from '../../components/form-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { errorMessage } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { useLanguage } from '../../lib/i18n/language-context';
import { opsStrings } from '../../lib/i18n/ops-strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { downloadText } from '../../lib/download';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { ImportResult } from './registry-import-result';
import {
  canApply,
  estimateDataLines,
  linesToApply,
  MAX_IMPORT_FILE_BYTES,
  megabytes,
  requiredColumns,
  totalLines,
} from './registry-import-rules';
import { templateHref } from './registry-import-template';
import { registryImportStrings } from './registry-import.strings';
import { useRegistryRefresh } from './use-registry-refresh';

interface RegistryImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the file holds: the page's own entity. */
  entity: RegistryImportEntity;
}

/** The file chosen and read: its text and its data lines (for the busy message). */
interface ChosenFile {
  name: string;
  text: string;
  lines: number;
}

/**
 * Imports a CSV file of facilities, rooms or equipment (administrators; ADR 015): choose the
 * file, check it (a dry run: what each line would do), then import it (every line or none).
 * Loaded on first use, like the forms.
 */
export default function RegistryImportDialog({ open, onOpenChange, entity }: RegistryImportDialogProps) {
  const { language } = useLanguage();
  const t = useStrings(registryImportStrings);
  const tOps = useStrings(opsStrings);
  const trpc = useTRPC();
  const refresh = useRegistryRefresh();
  const mutation = useMutation(trpc.registry.import.mutationOptions());
  const fileId = useId();
  const noteId = `${fileId}-note`;

  const client = useTRPCClient();
  const [exporting, setExporting] = useState(false);
  const exportRecords = async () => {
    setExporting(true);
    try {
      const exported = await client.registry.export.query({ entity });
      downloadText(exported.filename, exported.csv);
      notify.success(t('exported', { count: formatNumber(exported.rows, language), file: exported.filename }));
    } catch (failure) {
      notify.error(errorMessage(failure, t('exportFailed')));
    } finally {
      setExporting(false);
    }
  };
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [result, setResult] = useState<RegistryImportOutput | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** What is running: the busy message names it. */
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null);
  const number = (n: number) => formatNumber(n, language);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setFile(null);
    setResult(null);
    setError(null);
    if (!chosen) return;
    // Refused here rather than by the server's 413 after sending megabytes.
    if (chosen.size > MAX_IMPORT_FILE_BYTES) {
      setError(t('tooLarge', { size: megabytes(chosen.size, language) }));
      return;
    }
    try {
      const text = await chosen.text();
      setFile({ name: chosen.name, text, lines: estimateDataLines(text) });
    } catch {
      setError(t('readFailed'));
    }
  };

  const run = async (apply: boolean) => {
    if (!file) {
      setError(t('chooseFile'));
      return;
    }
    setBusy(apply ? 'apply' : 'check');
    setError(null);
    try {
      const answer = await mutation.mutateAsync({ entity, csv: file.text, apply });
      if (!apply) {
        setResult(answer);
        return;
      }
      notify.success(
        t('imported', {
          create: number(answer.counts.create),
          update: number(answer.counts.update),
          unchanged: number(answer.counts.unchanged),
        }),
      );
      onOpenChange(false);
      await refresh();
    } catch (caught) {
      // A file refused as a whole (400 with its message), a refused apply, a conflict, a lost connection.
      setError(errorMessage(caught, t(apply ? 'importFailed' : 'checkFailed')));
    } finally {
      setBusy(null);
    }
  };

  const applicable = canApply(result);
  const busyLines = busy === 'apply' && result ? linesToApply(result) : result ? totalLines(result) : file?.lines;

  return (
    <Dialog open={open} onOpenChange={(next) => busy === null && onOpenChange(next)}>
      <DialogContent closeLabel={tOps('close')} className="max-w-3xl">
        <DialogTitle>{t(`title.${entity}`)}</DialogTitle>
        <DialogDescription>{t('description')}</DialogDescription>

        <div id={noteId} className="flex flex-col gap-1 rounded-md bg-muted/50 px-3 py-2 text-xs text-muted-foreground">
          <p>{t('formatNote')}</p>
          <p>{t('requiredColumns', { columns: requiredColumns(entity, language).join(', ') })}</p>
          <p>{t('optionalColumns')}</p>
          <p>
            <a
              href={templateHref(entity, language)}
              download={t('templateFile', { entity })}
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
            >
              <Download aria-hidden className="size-3.5" />
              {t('template')}
            </a>
            {' · '}
            <button
              type="button"
              disabled={exporting}
              onClick={() => void exportRecords()}
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline disabled:opacity-60"
            >
              <Download aria-hidden className="size-3.5" />
              {exporting ? t('exporting') : t('exportCurrent')}
            </button>
          </p>
        </div>

        <div className="flex flex-col gap-1">
          <label htmlFor={fileId} className="text-sm font-medium">
            {t('file')}
          </label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            aria-describedby={noteId}
            disabled={busy !== null}
            onChange={(event) => void choose(event)}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </div>

        <FormAlert message={error} />

        {busy !== null && (
          <div className="flex flex-col gap-1.5" role="status">
            <p className="text-sm">
              {t(busy === 'apply' ? 'importing' : 'checking', { count: number(busyLines ?? 0) })}
            </p>
            <div
              role="progressbar"
              aria-busy="true"
              aria-label={t(busy === 'apply' ? 'importing' : 'checking', { count: number(busyLines ?? 0) })}
              className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
            </div>
            <p className="text-xs text-muted-foreground">{t('busyHint')}</p>
          </div>
        )}

        {result && busy === null && (
          <>
            <ImportResult key={file?.name} result={result} />
            {result.counts.refuse > 0 ? (
              <p className="text-sm text-destructive">{t('refusedNote')}</p>
            ) : (
              !applicable && <p className="text-sm text-muted-foreground">{t('nothingToDo')}</p>
            )}
          </>
        )}

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" disabled={busy !== null} onClick={() => onOpenChange(false)}>
            {tOps('cancel')}
          </Button>
          <Button
            variant={applicable ? 'outline' : 'default'}
            disabled={busy !== null || !file}
            onClick={() => void run(false)}
          >
            {t('check')}
          </Button>
          <Button disabled={busy !== null || !applicable} onClick={() => void run(true)}>
            {t('apply', { count: number(result ? linesToApply(result) : 0) })}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
