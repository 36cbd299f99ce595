import type { MessageTable } from './language';

/** The notifications area's server messages (spread into serverMessages, messages.ts). */
export const notificationMessages = {
  'validation.notificationChannel': { pt: 'Canal inválido (e-mail ou SMS).', en: 'Invalid channel (e-mail or SMS).' },
  'validation.quietHoursSame': {
    pt: 'O início e o fim do horário silencioso devem ser diferentes.',
    en: 'Quiet hours must start and end at different times.',
  },
  'validation.facilitiesRequired': {
    pt: 'Escolha pelo menos uma instalação, ou todas.',
    en: 'Choose at least one facility, or all of them.',
  },
  'validation.webhookUrl': {
    pt: 'Informe um endereço http:// ou https:// válido.',
    en: 'Enter a valid http:// or https:// address.',
  },
  'validation.webhookSecret': {
    pt: 'O segredo deve ter de 16 a 256 caracteres.',
    en: 'The secret must have 16 to 256 characters.',
  },
  'validation.escalationMinutes': {
    pt: 'Escolha de 1 a 1440 minutos.',
    en: 'Choose from 1 to 1440 minutes.',
  },
  'notifications.unknownFacility': { pt: 'Instalação não encontrada.', en: 'Facility not found.' },
  'notifications.unknownUser': { pt: 'Usuário de plantão não encontrado.', en: 'On-call user not found.' },
  'notifications.noWebhook': {
    pt: 'Configure o endereço do webhook antes de testar.',
    en: 'Set the webhook address before testing it.',
  },
  'notifications.noPhone': {
    pt: 'Cadastre um telefone (Segurança) para receber SMS.',
    en: 'Add a phone number (Security) to receive SMS.',
  },
} as const satisfies MessageTable;
