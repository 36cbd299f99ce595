import type { workOrdersListInput } from '@sentinela/shared/maintenance';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/api-errors';
import { downloadText } from '../../lib/download';
import { useStrings } from '../../lib/i18n/strings';
import { notify } from '../../lib/notify';
import { useTRPCClient } from '../../lib/trpc';
import { maintenanceStrings } from './maintenance.strings';

/** "Exportar CSV": the filtered orders (every page, not only the one on screen) as a file. */
export function WorkOrdersExportButton({ filters }: { filters: z.input<typeof workOrdersListInput> }) {
  const t = useStrings(maintenanceStrings);
  const client = useTRPCClient();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    setBusy(true);
    try {
      const file = await client.maintenance.orders.exportCsv.query(filters);
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
