import type { EquipmentFilters } from '@sentinela/shared/equipment';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { equipmentStrings } from './equipment.strings';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPCClient } from '../../lib/trpc';

/** Saves text as a file through a temporary link (no server round trip for the download itself). */
function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Downloads the filtered list (every page, not only the one on screen) as a CSV file. */
export function ExportCsvButton({ filters }: { filters: EquipmentFilters }) {
  const t = useStrings(equipmentStrings);
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const file = await client.equipment.exportCsv.query(filters);
      download(file.filename, file.csv);
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
