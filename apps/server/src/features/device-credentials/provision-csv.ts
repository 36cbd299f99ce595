import type { DeviceProvision } from '@sentinela/shared/device-credentials';
import type { Language } from '@sentinela/shared/language';
import { translateServerMessage } from '@sentinela/shared/messages';
import { csvDocument } from '../plant/csv';
import { kindLabels } from '../plant/kind-labels';
import { deviceTopics, type ProvisionedDevice } from './device-credentials.service';

const headers: Record<Language, string[]> = {
  pt: [
    'ID',
    'Instalação',
    'Tipo',
    'Nome',
    'Usuário',
    'Segredo',
    'Tópico telemetry',
    'Tópico cmd',
    'Tópico ack',
    'Tópico status',
    'Observação',
  ],
  en: [
    'ID',
    'Site',
    'Type',
    'Name',
    'Username',
    'Secret',
    'Telemetry topic',
    'Cmd topic',
    'Ack topic',
    'Status topic',
    'Note',
  ],
};

/**
 * The provisioning file: one line per device with its username, its new secret (in clear, the
 * only time it is shown) and its topics, in the caller's language.
 */
export function provisionCsv(devices: ProvisionedDevice[], lang: Language, now: Date): DeviceProvision {
  const csv = csvDocument(lang, headers, devices, ({ target, secret }) => {
    const topics = deviceTopics(target.site, target.id);
    const note = target.gatewayId
      ? translateServerMessage('deviceCredentials.noteGateway', lang, { code: target.gatewayId })
      : translateServerMessage('deviceCredentials.noteOwn', lang);
    return [
      target.id,
      target.site,
      kindLabels[lang][target.kind],
      target.name,
      target.id,
      secret,
      topics.telemetry,
      topics.cmd,
      topics.ack,
      topics.status,
      note,
    ];
  });
  const stamp = now.toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-');
  return { filename: `${lang === 'pt' ? 'provisionamento' : 'provisioning'}-${stamp}.csv`, csv, rows: devices.length };
}
