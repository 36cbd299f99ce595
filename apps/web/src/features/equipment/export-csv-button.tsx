import type { EquipmentFilters } from '@sentinela/shared/equipment';
import { CsvExportButton } from '../../components/csv-export-button';
import { equipmentStrings } from './equipment.strings';
import { useStrings } from '../../lib/i18n/strings';
import { useTRPCClient } from '../../lib/trpc';

/** Downloads the filtered equipment list (every page, not only the one on screen) as a CSV file. */
export function ExportCsvButton({ filters }: { filters: EquipmentFilters }) {
  const t = useStrings(equipmentStrings);
  const client = useTRPCClient();
  return <CsvExportButton t={t} load={() => client.equipment.exportCsv.query(filters)} />;
}
