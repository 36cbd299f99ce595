import { defineStrings } from '../../lib/i18n/strings';

/** The Security dialog's password change (issue 16). */
export const changePasswordStrings = defineStrings(
  {
    title: 'Senha',
    text: 'Para trocar a senha, informe a atual e um código de verificação. As suas outras sessões serão encerradas.',
    open: 'Trocar senha',
    currentPassword: 'Senha atual',
    newPassword: 'Nova senha',
    confirmPassword: 'Confirmar nova senha',
    passwordMismatch: 'As senhas não coincidem',
    code: 'Código de verificação',
    codeHintTotp: 'O código de 6 dígitos do aplicativo autenticador, ou um código de recuperação.',
    codeHintSms: 'Um código de recuperação (xxxxx-xxxxx).',
    save: 'Salvar nova senha',
    saving: 'Salvando...',
    cancel: 'Cancelar',
    changed: 'Senha alterada. {count} outra(s) sessão(ões) encerrada(s).',
    failed: 'Não foi possível trocar a senha',
  },
  {
    title: 'Password',
    text: 'To change your password, enter the current one and a verification code. Your other sessions will end.',
    open: 'Change password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    passwordMismatch: 'Passwords do not match',
    code: 'Verification code',
    codeHintTotp: 'The 6-digit code from your authenticator app, or a recovery code.',
    codeHintSms: 'A recovery code (xxxxx-xxxxx).',
    save: 'Save new password',
    saving: 'Saving...',
    cancel: 'Cancel',
    changed: 'Password changed. {count} other session(s) ended.',
    failed: 'Could not change the password',
  },
);
