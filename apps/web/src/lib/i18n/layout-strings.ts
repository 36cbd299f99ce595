import { defineStrings } from './strings';

/**
 * The layout's own strings beyond the shell's (pt.ts/en.ts): its sign-in screen, the user
 * menu's Segurança item, roles and the "no permission" page. Loaded with the layout chunk.
 * 'Please sign in to continue' / 'Sign in' are the spec's English (§2); pt translates them.
 */
export const layoutStrings = defineStrings(
  {
    signInRequired: 'Faça login para continuar',
    signInRequiredDescription: 'A sua sessão terminou. Entre de novo para voltar ao portal.',
    signIn: 'Entrar',
    security: 'Segurança',
    notifications: 'Notificações',
    signOutFailed: 'Não foi possível sair. Tente novamente.',
    'role.viewer': 'Visualizador',
    'role.operator': 'Operador',
    'role.admin': 'Administrador',
    requiresRole: 'Requer o papel {role}.',
    'noPermission.title': 'Acesso negado',
    'noPermission.description':
      'Você não tem permissão para abrir esta página. Se precisar dela, peça acesso a um administrador.',
  },
  {
    signInRequired: 'Please sign in to continue',
    signInRequiredDescription: 'Your session has ended. Sign in again to return to the portal.',
    signIn: 'Sign in',
    security: 'Security',
    notifications: 'Notifications',
    signOutFailed: 'Could not sign out. Please try again.',
    'role.viewer': 'Viewer',
    'role.operator': 'Operator',
    'role.admin': 'Administrator',
    requiresRole: 'Requires the {role} role.',
    'noPermission.title': 'Access denied',
    'noPermission.description':
      'You do not have permission to open this page. Ask an administrator if you need access.',
  },
);
