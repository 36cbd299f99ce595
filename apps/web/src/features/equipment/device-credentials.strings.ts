import type { CredentialGrace } from '@sentinela/shared/device-credentials';
import { defineStrings } from '../../lib/i18n/strings';

/**
 * How long the previous secret stays valid after a rotation, in the order offered. Written out
 * (a type import only): the shared module builds zod schemas, which stay out of this chunk.
 */
const graces: Record<CredentialGrace, true> = { none: true, '1h': true, '24h': true, '7d': true };
export const credentialGraces = Object.keys(graces) as CredentialGrace[];

/** Device MQTT credentials: the drawer's section, the secret dialog and the provisioning file. */
export const credentialStrings = defineStrings(
  {
    title: 'Credenciais MQTT',
    loading: 'Carregando credenciais...',
    noSecret: 'Sem segredo: o equipamento não consegue se conectar ao broker.',
    activeSince: 'Segredo ativo desde {date}, por {user}.',
    removedUser: 'uma conta removida',
    previousUntil: 'O segredo anterior vale até {date}.',
    usernameIs: 'Usuário MQTT: {id}',
    viaGateway: 'Atribuído ao gateway {id}, que publica e recebe comandos por ele.',
    generate: 'Gerar',
    rotate: 'Girar',
    revoke: 'Revogar',
    retiredHint: 'Equipamento desativado: não recebe segredo novo.',
    rotateTitle: 'Girar o segredo de {name}?',
    rotateDescription:
      'Um novo segredo é criado e mostrado uma única vez. O segredo atual continua valendo durante a tolerância escolhida, para dar tempo de configurar o equipamento.',
    grace: 'Tolerância do segredo atual',
    'grace.none': 'Nenhuma (deixa de valer agora)',
    'grace.1h': '1 hora',
    'grace.24h': '24 horas',
    'grace.7d': '7 dias',
    revokeTitle: 'Revogar as credenciais de {name}?',
    revokeDescription:
      'Todos os segredos do equipamento deixam de valer na hora e a conexão dele com o broker é encerrada. Para reconectá-lo, gere um segredo novo.',
    revoked: 'Credenciais de {name} revogadas.',
    actionFailed: 'Não foi possível concluir a ação.',
    secretTitle: 'Credenciais de {name}',
    shownOnce: 'Mostrado uma única vez',
    shownOnceHint:
      'Copie o segredo agora e configure-o no equipamento: ele não fica guardado no portal e não poderá ser exibido de novo.',
    username: 'Usuário',
    secret: 'Segredo',
    topics: 'Tópicos',
    'topic.telemetry': 'Telemetria (publica)',
    'topic.cmd': 'Comandos (assina)',
    'topic.ack': 'Confirmações (publica)',
    'topic.status': 'Status (publica, retido)',
    copy: 'Copiar',
    copyLabel: 'Copiar {what}',
    copied: 'Copiado.',
    copyFailed: 'Não foi possível copiar: selecione o texto e copie-o.',
    done: 'Concluído',
    provision: 'Arquivo de provisionamento',
    provisionTitle: 'Arquivo de provisionamento',
    provisionDescription:
      'Um CSV com o usuário, o segredo e os tópicos de cada equipamento em serviço que corresponde ao filtro (até 1.000). Os segredos desses equipamentos são girados: os atuais valem só durante a tolerância escolhida.',
    provisionFacility: 'Instalação',
    provisionKind: 'Tipo',
    all: 'Todos',
    allFacilities: 'Todas',
    provisionConfirm: 'Girar os segredos e baixar',
    provisioning: 'Gerando...',
    provisioned:
      '{count} equipamento(s) em {file}. Guarde o arquivo em local seguro: os segredos não são mostrados de novo.',
    provisionFailed: 'Não foi possível gerar o arquivo.',
  },
  {
    title: 'MQTT credentials',
    loading: 'Loading credentials...',
    noSecret: 'No secret: the device cannot connect to the broker.',
    activeSince: 'Secret active since {date}, by {user}.',
    removedUser: 'a removed account',
    previousUntil: 'The previous secret is valid until {date}.',
    usernameIs: 'MQTT username: {id}',
    viaGateway: 'Assigned to the gateway {id}, which publishes and receives commands for it.',
    generate: 'Generate',
    rotate: 'Rotate',
    revoke: 'Revoke',
    retiredHint: 'Retired equipment: it gets no new secret.',
    rotateTitle: 'Rotate the secret of {name}?',
    rotateDescription:
      'A new secret is made and shown only once. The current secret stays valid for the grace period you choose, to leave time to configure the device.',
    grace: 'Grace period of the current secret',
    'grace.none': 'None (stops now)',
    'grace.1h': '1 hour',
    'grace.24h': '24 hours',
    'grace.7d': '7 days',
    revokeTitle: 'Revoke the credentials of {name}?',
    revokeDescription:
      'Every secret of the device stops working at once and its broker connection is closed. To reconnect it, generate a new secret.',
    revoked: 'Credentials of {name} revoked.',
    actionFailed: 'Could not complete the action.',
    secretTitle: 'Credentials of {name}',
    shownOnce: 'Shown only once',
    shownOnceHint:
      'Copy the secret now and set it on the device: the portal does not keep it and cannot show it again.',
    username: 'Username',
    secret: 'Secret',
    topics: 'Topics',
    'topic.telemetry': 'Telemetry (publish)',
    'topic.cmd': 'Commands (subscribe)',
    'topic.ack': 'Acknowledgements (publish)',
    'topic.status': 'Status (publish, retained)',
    copy: 'Copy',
    copyLabel: 'Copy {what}',
    copied: 'Copied.',
    copyFailed: 'Could not copy: select the text and copy it.',
    done: 'Done',
    provision: 'Provisioning file',
    provisionTitle: 'Provisioning file',
    provisionDescription:
      'A CSV with the username, secret and topics of every device in service matching the filter (up to 1,000). Their secrets are rotated: the current ones stay valid only for the grace period chosen.',
    provisionFacility: 'Facility',
    provisionKind: 'Type',
    all: 'All',
    allFacilities: 'All',
    provisionConfirm: 'Rotate the secrets and download',
    provisioning: 'Generating...',
    provisioned: '{count} device(s) in {file}. Keep the file somewhere safe: the secrets are not shown again.',
    provisionFailed: 'Could not make the file.',
  },
);
