import { defineStrings } from '../../lib/i18n/strings';

/** /login's forgotten-password request and the reset form of `/login?reset=<token>` (issue 16). */
export const passwordResetStrings = defineStrings(
  {
    forgotTitle: 'Esqueci minha senha',
    forgotIntro:
      'Informe o e-mail da sua conta. Enviaremos um link para escolher uma nova senha, válido por 30 minutos.',
    email: 'E-mail',
    send: 'Enviar link',
    sending: 'Enviando...',
    sent: 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Confira a sua caixa de entrada.',
    sendFailed: 'Não foi possível enviar o link',
    backToLogin: 'Voltar para o login',
    resetTitle: 'Nova senha',
    resetIntro: 'Escolha uma nova senha. Depois dela, entre com o e-mail, a nova senha e o código de verificação.',
    newPassword: 'Nova senha',
    confirmPassword: 'Confirmar senha',
    passwordMismatch: 'As senhas não coincidem',
    save: 'Salvar nova senha',
    saving: 'Salvando...',
    saved: 'Senha redefinida. Entre com a nova senha.',
    saveFailed: 'Não foi possível redefinir a senha',
  },
  {
    forgotTitle: 'Forgot my password',
    forgotIntro: "Enter your account's e-mail. We will send a link to choose a new password, valid for 30 minutes.",
    email: 'E-mail',
    send: 'Send link',
    sending: 'Sending...',
    sent: 'If there is an account with this e-mail, we sent it a link to reset the password. Check your inbox.',
    sendFailed: 'Could not send the link',
    backToLogin: 'Back to sign in',
    resetTitle: 'New password',
    resetIntro: 'Choose a new password. Then sign in with your e-mail, the new password and the verification code.',
    newPassword: 'New password',
    confirmPassword: 'Confirm password',
    passwordMismatch: 'Passwords do not match',
    save: 'Save new password',
    saving: 'Saving...',
    saved: 'Password reset. Sign in with the new password.',
    saveFailed: 'Could not reset the password',
  },
);
