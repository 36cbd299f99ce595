import { defineStrings } from '../../lib/i18n/strings';

/**
 * /login, with the code step. The spec's Portuguese strings are used exactly (portal-spec.md
 * §4, §8); the English ones translate them (PRODUCT §2b). One module per page keeps each
 * page's chunk to its own strings (/login's first load is budgeted).
 */
export const loginStrings = defineStrings(
  {
    email: 'E-mail',
    password: 'Senha',
    loginSubmit: 'Entrar',
    loginPending: 'Entrando...',
    noAccount: 'Não tem uma conta?',
    registerLink: 'Cadastre-se',
    twoFactorNote:
      'Depois do primeiro login você configura a autenticação de dois fatores, com um aplicativo autenticador ou por SMS.',
    loginSuccess: 'Login realizado com sucesso!',
    loginFailed: 'Erro ao fazer login',
    codeTitle: 'Verificação em duas etapas',
    forgotPassword: 'Esqueci minha senha',
  },
  {
    email: 'E-mail',
    password: 'Password',
    loginSubmit: 'Sign in',
    loginPending: 'Signing in...',
    noAccount: "Don't have an account?",
    registerLink: 'Sign up',
    twoFactorNote:
      'After your first sign-in you will set up two-factor authentication, with an authenticator app or by SMS.',
    loginSuccess: 'Signed in successfully!',
    loginFailed: 'Could not sign in',
    codeTitle: 'Two-step verification',
    forgotPassword: 'Forgot my password',
  },
);
