import type { Language } from '@sentinela/shared/language';
import type { EquipmentKind } from '@sentinela/shared/plant';
import type { RoomKind } from '@sentinela/shared/registry';

/** Equipment kinds as files name them: the CSV export writes these, the import reads them back. */
export const kindLabels: Record<Language, Record<EquipmentKind, string>> = {
  pt: {
    motor: 'Motor',
    light: 'Iluminação',
    hvac: 'HVAC',
    meter: 'Medidor de energia',
    server: 'Servidor',
    sensor: 'Sensor',
    gateway: 'Gateway',
  },
  en: {
    motor: 'Motor',
    light: 'Light',
    hvac: 'HVAC',
    meter: 'Energy meter',
    server: 'Server',
    sensor: 'Sensor',
    gateway: 'Gateway',
  },
};

/** Room kinds as the rooms page shows them (apps/web/src/features/rooms/rooms.strings.ts). */
export const roomKindLabels: Record<Language, Record<RoomKind, string>> = {
  pt: {
    production: 'Produção',
    utility: 'Utilidades',
    office: 'Escritório',
    warehouse: 'Armazém',
    'server-room': 'Sala de servidores',
    'cold-storage': 'Câmara fria',
    outdoor: 'Área externa',
  },
  en: {
    production: 'Production',
    utility: 'Utilities',
    office: 'Office',
    warehouse: 'Warehouse',
    'server-room': 'Server room',
    'cold-storage': 'Cold storage',
    outdoor: 'Outdoor area',
  },
};
