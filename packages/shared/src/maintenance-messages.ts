import type { MessageTable } from './language';

/** The maintenance area's server messages (spread into serverMessages, messages.ts). */
export const maintenanceMessages = {
  'validation.workOrderId': { pt: 'Ordem de serviço inválida.', en: 'Invalid work order.' },
  'validation.checklistItem': { pt: 'Item de checklist inválido.', en: 'Invalid checklist item.' },
  'validation.checklistTooLong': {
    pt: 'No máximo 50 itens de checklist.',
    en: 'At most 50 checklist items.',
  },
  'validation.dateRange': {
    pt: 'Escolha uma data entre 2000 e 2100.',
    en: 'Choose a date between 2000 and 2100.',
  },
  'validation.calendarRange': {
    pt: 'O fim do período deve vir depois do início, no máximo 45 dias depois.',
    en: 'The end of the range must come after its start, at most 45 days later.',
  },
  'validation.money': {
    pt: 'Informe um valor em reais, sem sinal, com até 2 casas decimais (ex.: 1250.50).',
    en: 'Enter an amount in reais, not negative, with at most 2 decimals (e.g. 1250.50).',
  },
  'validation.planId': { pt: 'Plano inválido.', en: 'Invalid plan.' },
  'validation.planInterval': {
    pt: 'Escolha a recorrência do plano: a cada N dias ou a cada N horas de operação (uma das duas).',
    en: 'Choose how the plan recurs: every N days or every N running hours (one of them).',
  },
  'validation.planTarget': {
    pt: 'Escolha um equipamento ou um tipo de equipamento (um dos dois).',
    en: 'Choose one equipment or an equipment type (one of them).',
  },
  'maintenance.planNotFound': { pt: 'Plano de manutenção não encontrado.', en: 'Maintenance plan not found.' },
  'validation.workOrderKind': { pt: 'Tipo de ordem inválido.', en: 'Invalid order kind.' },
  'validation.workOrderPriority': { pt: 'Prioridade inválida.', en: 'Invalid priority.' },
  'validation.workOrderPlace': {
    pt: 'Escolha o equipamento ou a instalação da ordem.',
    en: 'Choose the equipment or the facility of the order.',
  },
  'validation.technicianBoth': {
    pt: 'Escolha um técnico do portal ou informe um prestador externo, não os dois.',
    en: 'Choose a portal technician or name an outside contractor, not both.',
  },
  'maintenance.notFound': { pt: 'Ordem de serviço não encontrada.', en: 'Work order not found.' },
  'maintenance.equipmentNotFound': {
    pt: 'Equipamento não encontrado ou desativado.',
    en: 'Equipment not found or retired.',
  },
  'maintenance.facilityNotFound': { pt: 'Instalação não encontrada.', en: 'Facility not found.' },
  'maintenance.roomNotFound': {
    pt: 'Sala não encontrada nesta instalação.',
    en: 'Room not found in this facility.',
  },
  'maintenance.alertNotFound': { pt: 'Alerta não encontrado.', en: 'Alert not found.' },
  'maintenance.technicianNotFound': {
    pt: 'Técnico não encontrado: escolha um operador ativo.',
    en: 'Technician not found: choose an active operator.',
  },
  'maintenance.alreadyClosed': {
    pt: 'A {number} já foi concluída ou cancelada: não pode mais ser alterada.',
    en: '{number} is already completed or cancelled: it can no longer be changed.',
  },
  'maintenance.notStarted': {
    pt: 'A {number} ainda não foi iniciada: inicie-a antes de concluir.',
    en: '{number} has not been started: start it before completing it.',
  },
  'maintenance.alreadyStarted': {
    pt: 'A {number} já está em andamento.',
    en: '{number} is already in progress.',
  },
  'maintenance.mandatoryUnchecked': {
    pt: 'Marque os itens obrigatórios do checklist antes de concluir ({count} pendentes).',
    en: 'Tick the mandatory checklist items before completing ({count} left).',
  },
  'command.unsafe.lockout': {
    pt: '{name}: bloqueado pela {order} em andamento.',
    en: '{name}: locked out by {order} in progress.',
  },
} as const satisfies MessageTable;
