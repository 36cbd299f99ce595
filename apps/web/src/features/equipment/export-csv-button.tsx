import type { EquipmentFilters } from '@sentinela/shared/equipment';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { equipmentStrings } from './equipment.strings';
import { useStrings } from '../../lib/i18n/strings';
import { downloadText } from '../../lib/download';
import { notify } from '../../lib/notify';
import { useTRPCClient } from '../../lib/trpc';

/** Downloads the filtered list (every page, not only the one on screen) as a CSV file. */
export function ExportCsvButton({ filters }: { filters: EquipmentFilters }) {
  const t = useStrings(equipmentStrings);
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const file = await client.equipment.exportCsv.query(filters);
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
