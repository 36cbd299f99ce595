import type { EventKind, EventParams } from './events';
import type { Language } from './language';

/**
 * The events timeline's sentences in both languages, from an entry's code and parameters. The
 * server sends codes, never sentences; this one table words them for the page and for the CSV
 * file, so both say the same (ADR 018). Unknown codes (a new audit action) read as the kind's
 * generic sentence with the action's name.
 */

type Texts = Record<string, string>;

const pt: Texts = {
  'alert.raised': 'Alerta disparado',
  'alert.acknowledged': 'Alerta reconhecido',
  'alert.cleared': 'Alerta encerrado',
  'alert.cleared.automatic': 'Alerta encerrado automaticamente (valor normalizado)',
  'alert.escalated': 'Alerta agravado ({from} → {to})',
  'alert.deescalated': 'Alerta atenuado ({from} → {to})',
  'command.sent': 'Comando enviado: {command}',
  'command.confirmed': 'Comando confirmado: {command}',
  'command.failed': 'Comando recusado pelo dispositivo: {command}',
  'command.timeout': 'Comando sem resposta: {command}',
  'device.online': 'Equipamento online',
  'device.offline': 'Equipamento offline',
  'device.maintenance': 'Equipamento em manutenção',
  'device.error': 'Equipamento em falha',
  'alerts.acknowledge': 'Alerta reconhecido',
  'alerts.acknowledgeMany': 'Alerta reconhecido (em lote)',
  'alerts.clear': 'Encerramento de alerta',
  'workOrders.create': 'Ordem {number} criada',
  'workOrders.start': 'Ordem {number} iniciada',
  'workOrders.complete': 'Ordem {number} concluída',
  'workOrders.cancel': 'Ordem {number} cancelada',
  'workOrders.reschedule': 'Ordem {number} reagendada',
  'workOrders.reassign': 'Ordem {number} reatribuída',
  'workOrders.check': 'Checklist da ordem {number} atualizado',
  'maintenancePlans.create': 'Plano preventivo criado: {title}',
  'maintenancePlans.update': 'Plano preventivo alterado: {title}',
  'maintenancePlans.runDue': 'Planos preventivos executados',
  'lights.schedule.on': 'Agenda de iluminação: luzes ligadas',
  'lights.schedule.off': 'Agenda de iluminação: luzes desligadas',
  'lights.schedules.create': 'Agenda de iluminação criada',
  'lights.schedules.update': 'Agenda de iluminação alterada',
  'lights.schedules.delete': 'Agenda de iluminação excluída',
  'facilities.create': 'Instalação cadastrada',
  'facilities.update': 'Instalação alterada',
  'facilities.delete': 'Instalação excluída',
  'facilities.import.create': 'Instalação importada',
  'facilities.import.update': 'Instalação alterada por importação',
  'rooms.create': 'Sala cadastrada',
  'rooms.update': 'Sala alterada',
  'rooms.delete': 'Sala excluída',
  'rooms.import.create': 'Sala importada',
  'rooms.import.update': 'Sala alterada por importação',
  'equipment.create': 'Equipamento cadastrado',
  'equipment.update': 'Equipamento alterado',
  'equipment.move': 'Equipamento mudado de lugar',
  'equipment.retire': 'Equipamento desativado',
  'equipment.restore': 'Equipamento reativado',
  'equipment.delete': 'Equipamento excluído',
  'equipment.import.create': 'Equipamento importado',
  'equipment.import.update': 'Equipamento alterado por importação',
  'registry.import': 'Cadastro importado de CSV',
  'deviceCredentials.generate': 'Credencial MQTT gerada',
  'deviceCredentials.rotate': 'Credencial MQTT trocada',
  'deviceCredentials.revoke': 'Credencial MQTT revogada',
  'auth.login': 'Entrada no portal',
  'auth.login.password': 'Senha conferida na entrada',
  'auth.login.2fa': 'Segundo fator conferido na entrada',
  'auth.login.2fa.voided': 'Entrada cancelada (código anulado)',
  'auth.logout': 'Saída do portal',
  'auth.lockout': 'Acesso bloqueado por tentativas',
  'auth.register': 'Conta criada',
  'auth.2fa.enable': 'Verificação em duas etapas ativada',
  'auth.2fa.verify': 'Código de duas etapas conferido',
  'auth.2fa.phone': 'Telefone da verificação alterado',
  'auth.2fa.sms.send': 'Código SMS enviado',
  'auth.recoveryCodes.regenerate': 'Códigos de recuperação gerados de novo',
  'auth.sessions.signOutOthers': 'Outras sessões encerradas',
  'users.setRole': 'Papel de usuário alterado',
  'kind.alert': 'Alerta: {action}',
  'kind.command': 'Comando: {action}',
  'kind.device': 'Equipamento: {action}',
  'kind.workOrder': 'Manutenção: {action}',
  'kind.schedule': 'Agenda: {action}',
  'kind.registry': 'Cadastro: {action}',
  'kind.settings': 'Configurações alteradas: {action}',
  'kind.account': 'Conta: {action}',
  'kind.notification': 'Notificação: {action}',
  'kind.system': 'Sistema: {action}',
  'command.on': 'ligar',
  'command.setPower': 'ligar ou desligar',
  'command.off': 'desligar',
  'command.setLight': 'ajustar iluminação',
  'command.setSetpoint': 'ajustar set-point',
  'severity.critical': 'crítico',
  'severity.warning': 'atenção',
  'severity.info': 'informativo',
};

const en: Texts = {
  'alert.raised': 'Alert raised',
  'alert.acknowledged': 'Alert acknowledged',
  'alert.cleared': 'Alert cleared',
  'alert.cleared.automatic': 'Alert cleared automatically (value back to normal)',
  'alert.escalated': 'Alert escalated ({from} → {to})',
  'alert.deescalated': 'Alert de-escalated ({from} → {to})',
  'command.sent': 'Command sent: {command}',
  'command.confirmed': 'Command confirmed: {command}',
  'command.failed': 'Command refused by the device: {command}',
  'command.timeout': 'Command unanswered: {command}',
  'device.online': 'Equipment online',
  'device.offline': 'Equipment offline',
  'device.maintenance': 'Equipment in maintenance',
  'device.error': 'Equipment in error',
  'alerts.acknowledge': 'Alert acknowledged',
  'alerts.acknowledgeMany': 'Alert acknowledged (in bulk)',
  'alerts.clear': 'Alert clearing',
  'workOrders.create': 'Work order {number} created',
  'workOrders.start': 'Work order {number} started',
  'workOrders.complete': 'Work order {number} completed',
  'workOrders.cancel': 'Work order {number} cancelled',
  'workOrders.reschedule': 'Work order {number} rescheduled',
  'workOrders.reassign': 'Work order {number} reassigned',
  'workOrders.check': 'Work order {number} checklist updated',
  'maintenancePlans.create': 'Preventive plan created: {title}',
  'maintenancePlans.update': 'Preventive plan changed: {title}',
  'maintenancePlans.runDue': 'Preventive plans run',
  'lights.schedule.on': 'Lighting schedule: lights on',
  'lights.schedule.off': 'Lighting schedule: lights off',
  'lights.schedules.create': 'Lighting schedule created',
  'lights.schedules.update': 'Lighting schedule changed',
  'lights.schedules.delete': 'Lighting schedule deleted',
  'facilities.create': 'Facility added',
  'facilities.update': 'Facility changed',
  'facilities.delete': 'Facility deleted',
  'facilities.import.create': 'Facility imported',
  'facilities.import.update': 'Facility changed by import',
  'rooms.create': 'Room added',
  'rooms.update': 'Room changed',
  'rooms.delete': 'Room deleted',
  'rooms.import.create': 'Room imported',
  'rooms.import.update': 'Room changed by import',
  'equipment.create': 'Equipment added',
  'equipment.update': 'Equipment changed',
  'equipment.move': 'Equipment moved',
  'equipment.retire': 'Equipment retired',
  'equipment.restore': 'Equipment restored',
  'equipment.delete': 'Equipment deleted',
  'equipment.import.create': 'Equipment imported',
  'equipment.import.update': 'Equipment changed by import',
  'registry.import': 'Registry imported from CSV',
  'deviceCredentials.generate': 'MQTT credential generated',
  'deviceCredentials.rotate': 'MQTT credential rotated',
  'deviceCredentials.revoke': 'MQTT credential revoked',
  'auth.login': 'Signed in',
  'auth.login.password': 'Password checked at sign-in',
  'auth.login.2fa': 'Second factor checked at sign-in',
  'auth.login.2fa.voided': 'Sign-in cancelled (code voided)',
  'auth.logout': 'Signed out',
  'auth.lockout': 'Access locked after failed attempts',
  'auth.register': 'Account created',
  'auth.2fa.enable': 'Two-step verification enabled',
  'auth.2fa.verify': 'Two-step code checked',
  'auth.2fa.phone': 'Verification phone changed',
  'auth.2fa.sms.send': 'SMS code sent',
  'auth.recoveryCodes.regenerate': 'Recovery codes generated again',
  'auth.sessions.signOutOthers': 'Other sessions signed out',
  'users.setRole': 'User role changed',
  'kind.alert': 'Alert: {action}',
  'kind.command': 'Command: {action}',
  'kind.device': 'Equipment: {action}',
  'kind.workOrder': 'Maintenance: {action}',
  'kind.schedule': 'Schedule: {action}',
  'kind.registry': 'Registry: {action}',
  'kind.settings': 'Settings changed: {action}',
  'kind.account': 'Account: {action}',
  'kind.notification': 'Notification: {action}',
  'kind.system': 'System: {action}',
  'command.on': 'switch on',
  'command.setPower': 'switch on or off',
  'command.off': 'switch off',
  'command.setLight': 'set lighting',
  'command.setSetpoint': 'set the set-point',
  'severity.critical': 'critical',
  'severity.warning': 'warning',
  'severity.info': 'info',
};

const texts: Record<Language, Texts> = { pt, en };

/** What the timeline's kinds are called, in both languages (filter options, CSV column). */
export const eventKindLabels: Record<Language, Record<EventKind, string>> = {
  pt: {
    alert: 'Alertas',
    command: 'Comandos',
    device: 'Status de equipamentos',
    workOrder: 'Manutenção',
    schedule: 'Agendas',
    registry: 'Cadastro',
    settings: 'Configurações',
    account: 'Contas e acessos',
    notification: 'Notificações',
    system: 'Sistema',
  },
  en: {
    alert: 'Alerts',
    command: 'Commands',
    device: 'Equipment status',
    workOrder: 'Maintenance',
    schedule: 'Schedules',
    registry: 'Registry',
    settings: 'Settings',
    account: 'Accounts and access',
    notification: 'Notifications',
    system: 'System',
  },
};

const fill = (text: string, params: Record<string, string | number | boolean | null>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined || value === null ? '' : String(value);
  });

/** A command's action in words: switching on or off, or the action's name. */
function commandWords(params: EventParams, t: Texts): string {
  const action = typeof params.action === 'string' ? params.action : '';
  if (action === 'setPower' && typeof params.on === 'boolean') return params.on ? t['command.on']! : t['command.off']!;
  return t[`command.${action}`] ?? action;
}

/** The entry's sentence in `lang`. */
export function eventMessage(lang: Language, entry: { kind: EventKind; code: string; params: EventParams }): string {
  const t = texts[lang];
  const { code, params } = entry;
  if (code === 'alert.cleared' && params.automatic === true) return t['alert.cleared.automatic']!;
  const severity = (s: unknown) => (typeof s === 'string' ? (t[`severity.${s}`] ?? s) : '');
  const values = {
    ...params,
    command: commandWords(params, t),
    from: code.startsWith('alert.') ? severity(params.from) : (params.from ?? null),
    to: code.startsWith('alert.') ? severity(params.to) : (params.to ?? null),
    action: code,
  };
  const template = t[code] ?? t[`kind.${entry.kind}`]!;
  return fill(template, values).replace(/\s+$/, '');
}
