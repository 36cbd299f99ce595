import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from './ui/button';
import { errorMessage } from '../lib/api-errors';
import { downloadText } from '../lib/download';
import { notify } from '../lib/notify';

/** What a list's CSV export answers (equipment.exportCsv, maintenance.orders.exportCsv…). */
export interface CsvFile {
  filename: string;
  csv: string;
  rows: number;
  /** Cut short at the export's cap: the toast says to narrow the filters. */
  truncated: boolean;
}

type CsvExportKey = 'exportCsv' | 'exporting' | 'exportHint' | 'exported' | 'exportTruncated' | 'exportFailed';

/**
 * "Exportar CSV": downloads the file `load` answers (the filtered list, every page, not only the
 * one on screen) and says how many rows it holds, or that it was cut short. Its words come from
 * the list's own strings (`t`), which name what the rows are.
 */
export function CsvExportButton({
  load,
  t,
}: {
  load: () => Promise<CsvFile>;
  t: (key: CsvExportKey, params?: Record<string, string | number>) => string;
}) {
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const file = await load();
      downloadText(file.filename, file.csv);
      if (file.truncated) notify.warning(t('exportTruncated', { count: file.rows }));
      else notify.success(t('exported', { count: file.rows, file: file.filename }));
    } catch (error) {
      notify.error(errorMessage(error, t('exportFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="outline" disabled={busy} onClick={() => void run()} title={t('exportHint')}>
      <Download aria-hidden />
      {busy ? t('exporting') : t('exportCsv')}
    </Button>
  );
}
