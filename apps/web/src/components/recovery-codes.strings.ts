import { defineStrings } from '../lib/i18n/strings';

/** The recovery codes panel (setup screen and the Segurança dialog). */
export const recoveryCodesStrings = defineStrings(
  {
    title: 'Códigos de recuperação',
    intro:
      'Guarde estes códigos em um lugar seguro. Cada um permite entrar uma única vez se você perder o acesso ao aplicativo ou ao telefone. Eles não serão mostrados novamente.',
    copy: 'Copiar códigos',
    copied: 'Códigos copiados!',
    copyFailed: 'Não foi possível copiar. Selecione os códigos e copie manualmente.',
    download: 'Baixar .txt',
    fileName: 'sentinela-codigos-de-recuperacao.txt',
    fileHeader: 'Códigos de recuperação de {email} ({site}), gerados em {date}. Cada código vale uma única vez.',
  },
  {
    title: 'Recovery codes',
    intro:
      'Keep these codes somewhere safe. Each one signs you in once if you lose access to your authenticator app or phone. They will not be shown again.',
    copy: 'Copy codes',
    copied: 'Codes copied!',
    copyFailed: 'Could not copy. Select the codes and copy them by hand.',
    download: 'Download .txt',
    fileName: 'sentinela-recovery-codes.txt',
    fileHeader: 'Recovery codes for {email} ({site}), generated on {date}. Each code works once.',
  },
);
