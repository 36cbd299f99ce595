import type { Language } from '@sentinela/shared/language';
import type { EquipmentKind, EquipmentStatus } from '@sentinela/shared/plant';
import { csvLine, csvSeparator } from '../plant/csv';
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

const BOM = '\uFEFF';

/** The equipment list as a CSV file in the caller's language. */
export function equipmentCsv(rows: CsvEquipmentRow[], lang: Language): string {
  const separator = csvSeparator[lang];
  const lines = [csvLine(headers[lang], separator)];
  for (const row of rows) {
    lines.push(
      csvLine(
        [
          row.id,
          row.name,
          kindLabels[lang][row.kind],
          statusLabels[lang][row.status],
          row.facilityName,
          row.roomName,
          row.location,
          row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
        ],
        separator,
      ),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

export function equipmentCsvFilename(lang: Language, now: Date): string {
  return `${lang === 'pt' ? 'equipamentos' : 'equipment'}-${now.toISOString().slice(0, 10)}.csv`;
}
