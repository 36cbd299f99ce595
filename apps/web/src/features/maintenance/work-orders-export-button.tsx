import type { workOrdersListInput } from '@sentinela/shared/maintenance';
import type { z } from 'zod';
import { CsvExportButton } from '../../components/csv-export-button';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPCClient } from '../../lib/trpc';
import { maintenanceStrings } from './maintenance.strings';

/** "Exportar CSV": the filtered orders (every page, not only the one on screen) as a file. */
export function WorkOrdersExportButton({ filters }: { filters: z.input<typeof workOrdersListInput> }) {
  const t = useStrings(maintenanceStrings);
  const client = useTRPCClient();
  return <CsvExportButton t={t} load={() => client.maintenance.orders.exportCsv.query(filters)} />;
}
