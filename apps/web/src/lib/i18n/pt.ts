/** Portuguese strings: the reference dictionary (en.ts must have exactly these keys). */
export const pt = {
  'app.name': 'Sentinela',
  'app.loading': 'Carregando...',
  'app.skipToContent': 'Pular para o conteúdo',
  'app.notifications': 'Notificações',

  'nav.main': 'Navegação principal',
  'nav.dashboard': 'Dashboard',
  'nav.facilities': 'Instalações',
  'nav.equipment': 'Equipamentos',
  'nav.motors': 'Motores',
  'nav.lights': 'Iluminação',
  'nav.hvac': 'HVAC & Clima',
  'nav.weather': 'Previsão do Tempo',
  'nav.rooms': 'Salas',
  'nav.events': 'Eventos',
  'nav.alerts': 'Alertas',
  'nav.maintenance': 'Manutenção',
  'nav.energy': 'Energia',
  'nav.datacenters': 'Data Centers',
  'nav.systemHealth': 'Saúde do Sistema',
  'nav.suppliers': 'Fornecedores',
  'nav.purchaseOrders': 'Pedidos',
  'nav.administration': 'Administração',
  'nav.users': 'Usuários',
  'nav.settings': 'Configurações',
  'nav.privacy': 'Privacidade',

  'sidebar.toggle': 'Alternar barra lateral',
  'sidebar.openMenu': 'Abrir menu',
  'sidebar.closeMenu': 'Fechar menu',
  'sidebar.resize': 'Redimensionar barra lateral',
  'sidebar.menuTitle': 'Menu',
  'sidebar.menuDescription': 'Navegação entre as áreas do portal',

  'language.label': 'Idioma',
  'language.current': 'Idioma: Português',
  'language.pt': 'Português',
  'language.en': 'English',

  'theme.toLight': 'Mudar para tema claro',
  'theme.toDark': 'Mudar para tema escuro',

  'user.menu': 'Menu do usuário',
  'user.signOut': 'Sair',

  'auth.login.title': 'Entrar',
  'auth.register.title': 'Criar conta',
  'auth.setup2fa.title': 'Configurar autenticação de dois fatores',

  'auth.checking': 'Verificando autenticação...',
  'auth.checkFailed': 'Não foi possível verificar a sua sessão. Confira a conexão e tente novamente.',
  'auth.retry': 'Tentar novamente',

  'notFound.title': 'Página não encontrada',
  'notFound.description': 'O endereço {path} não existe ou foi movido.',
  'notFound.back': 'Voltar ao Dashboard',
} as const;
