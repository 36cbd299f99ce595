import type { Language } from '@sentinela/shared/language';
import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';
import { csvDocument } from '../plant/csv';
import { kindLabels } from '../plant/kind-labels';

const headers: Record<Language, string[]> = {
  pt: ['ID', 'Nome', 'Tipo', 'Status', 'Instalação', 'Sala', 'Localização', 'Última comunicação (UTC)'],
  en: ['ID', 'Name', 'Type', 'Status', 'Facility', 'Room', 'Location', 'Last seen (UTC)'],
};

const statusLabels: Record<Language, Record<EquipmentStatus, string>> = {
  pt: { online: 'Online', offline: 'Offline', maintenance: 'Manutenção', error: 'Erro' },
  en: { online: 'Online', offline: 'Offline', maintenance: 'Maintenance', error: 'Error' },
};

export interface CsvEquipmentRow {
  id: string;
  name: string;
  kind: EquipmentKind;
  status: EquipmentStatus;
  facilityName: string;
  roomName: string | null;
  location: string | null;
  lastSeenAt: Date | null;
}

/** The equipment list as a CSV file in the caller's language. */
export function equipmentCsv(rows: CsvEquipmentRow[], lang: Language): string {
  return csvDocument(lang, headers, rows, (row) => [
    row.id,
    row.name,
    kindLabels[lang][row.kind],
    statusLabels[lang][row.status],
    row.facilityName,
    row.roomName,
    row.location,
    row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  ]);
}

/** The file's name before its date, in each language. */
export const equipmentCsvName: Record<Language, string> = { pt: 'equipamentos', en: 'equipment' };
