import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import type { Language } from '@sentinela/shared/language';
import { SPARE_PARTS_CSV_MAX_ROWS, type PartItem, type partListInput } from '@sentinela/shared/spare-parts';
import { csvLine, csvSeparator } from '../plant/csv';
import { partRows } from './parts.service';

const headers: Record<Language, string[]> = {
  pt: [
    'Código',
    'Descrição',
    'Unidade',
    'Estoque',
    'Estoque mínimo',
    'Abaixo do mínimo',
    'Local padrão',
    'Fornecedor preferencial',
    'Equipamentos compatíveis',
  ],
  en: [
    'Code',
    'Description',
    'Unit',
    'Stock',
    'Minimum stock',
    'Below minimum',
    'Default location',
    'Preferred supplier',
    'Compatible equipment',
  ],
};
const yesNo: Record<Language, [string, string]> = { pt: ['Sim', 'Não'], en: ['Yes', 'No'] };
const BOM = '\uFEFF';

/** The catalogue as CSV text in the caller's language (decimal comma and ';' in Portuguese). */
export function partsCsv(items: PartItem[], lang: Language): string {
  const separator = csvSeparator[lang];
  const decimal = (text: string) => (lang === 'pt' ? text.replace('.', ',') : text);
  const lines = [csvLine(headers[lang], separator)];
  for (const p of items)
    lines.push(
      csvLine(
        [
          p.code,
          p.description,
          p.unit,
          decimal(p.stock),
          decimal(p.minimumStock),
          yesNo[lang][p.belowMinimum ? 0 : 1],
          p.defaultLocation?.name,
          p.preferredSupplier?.name,
          p.compatibleKinds.join(' '),
        ],
        separator,
      ),
    );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** "Exportar CSV": every part the filters match, by code, at most SPARE_PARTS_CSV_MAX_ROWS. */
export async function exportPartsCsv(db: Database, input: z.output<typeof partListInput>, lang: Language, now: Date) {
  const items = await partRows(db, input, SPARE_PARTS_CSV_MAX_ROWS + 1, 0);
  const truncated = items.length > SPARE_PARTS_CSV_MAX_ROWS;
  const kept = truncated ? items.slice(0, SPARE_PARTS_CSV_MAX_ROWS) : items;
  const filename = `${lang === 'pt' ? 'pecas' : 'spare-parts'}-${now.toISOString().slice(0, 10)}.csv`;
  return { filename, csv: partsCsv(kept, lang), rows: kept.length, truncated };
}
