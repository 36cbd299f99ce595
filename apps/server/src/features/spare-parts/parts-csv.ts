import type { z } from 'zod';
import type { Database } from '@sentinela/db/client';
import type { Language } from '@sentinela/shared/language';
import { SPARE_PARTS_CSV_MAX_ROWS, type PartItem, type partListInput } from '@sentinela/shared/spare-parts';
import { csvDecimal, csvDocument, csvExport, type CsvExport } from '../plant/csv';
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
const fileName: Record<Language, string> = { pt: 'pecas', en: 'spare-parts' };

/** The catalogue as CSV text in the caller's language (decimal comma and ';' in Portuguese). */
export function partsCsv(items: PartItem[], lang: Language): string {
  return csvDocument(lang, headers, items, (p) => [
    p.code,
    p.description,
    p.unit,
    csvDecimal(p.stock, lang),
    csvDecimal(p.minimumStock, lang),
    yesNo[lang][p.belowMinimum ? 0 : 1],
    p.defaultLocation?.name,
    p.preferredSupplier?.name,
    p.compatibleKinds.join(' '),
  ]);
}

/** "Exportar CSV": every part the filters match, by code, at most SPARE_PARTS_CSV_MAX_ROWS. */
export async function exportPartsCsv(
  db: Database,
  input: z.output<typeof partListInput>,
  lang: Language,
  now: Date,
): Promise<CsvExport> {
  const items = await partRows(db, input, SPARE_PARTS_CSV_MAX_ROWS + 1, 0);
  return csvExport(items, { max: SPARE_PARTS_CSV_MAX_ROWS, name: fileName, lang, now, csv: partsCsv });
}
