import type { Page } from '@playwright/test';
import { expect, SIGNED_OUT, test } from './fixtures';

// The app shell: routes, sidebar (collapse, resize, shortcut, mobile drawer), language,
// theme, not-found page, error screen and the lazy-loading fallback. The shell is behind the
// auth gate: every test runs signed in as the administrator (e2e/fixtures.ts) unless it says
// otherwise; auth.spec.ts covers the gate and the sign-in screens.

const ptLabels: Record<string, string> = {
  '/': 'Dashboard',
  '/facilities': 'Instalações',
  '/equipment': 'Equipamentos',
  '/motors': 'Motores',
  '/lights': 'Iluminação',
  '/hvac': 'HVAC & Clima',
  '/weather': 'Previsão do Tempo',
  '/rooms': 'Salas',
  '/events': 'Eventos',
  '/alerts': 'Alertas',
  '/maintenance': 'Manutenção',
  '/energy': 'Energia',
  '/datacenters': 'Data Centers',
  '/system-health': 'Saúde do Sistema',
  '/suppliers': 'Fornecedores',
  '/purchase-orders': 'Pedidos',
  '/users': 'Usuários',
  '/settings': 'Configurações',
  '/privacy': 'Privacidade',
};

const enLabels = [
  'Dashboard',
  'Facilities',
  'Equipment',
  'Motors',
  'Lighting',
  'HVAC & Climate',
  'Weather Forecast',
  'Rooms',
  'Events',
  'Alerts',
  'Maintenance',
  'Energy',
  'Data Centers',
  'System Health',
  'Suppliers',
  'Purchase Orders',
  'Users',
  'Settings',
  'Privacy',
];

const MOTORS_CHUNK = '**/assets/motors-page-*.js';
// A page whose chunk nothing else imports from: its only export is the page (a chunk that shares
// modules with a sub-chunk, like /motors with its lazy detail panel, exports them under other
// names, and a stand-in exporting only `default` would break the import, not the render).
const EVENTS_CHUNK = '**/assets/events-page-*.js';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Navegação principal' });
const sidebar = (page: Page) => page.locator('#app-sidebar');
const trigger = (page: Page) => page.getByRole('button', { name: 'Alternar barra lateral' });
const resizeHandle = (page: Page) => page.getByRole('separator', { name: 'Redimensionar barra lateral' });

async function sidebarWidth(page: Page): Promise<number> {
  const box = await sidebar(page).boundingBox();
  return box ? Math.round(box.width) : 0;
}

async function expectSidebarWidth(page: Page, px: number): Promise<void> {
  await expect.poll(() => sidebarWidth(page)).toBe(px);
}

async function sidebarCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((cookie) => cookie.name === 'sidebar_state')?.value;
}

const storedWidth = (page: Page) => page.evaluate(() => localStorage.getItem('sidebar-width'));

/** Drags the sidebar's edge by dx pixels with the mouse. */
async function dragHandle(page: Page, dx: number): Promise<void> {
  const box = await resizeHandle(page).boundingBox();
  if (!box) throw new Error('the resize handle is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx, y, { steps: 8 });
  await page.mouse.up();
}

async function openPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

test.describe('routes', () => {
  for (const [path, label] of Object.entries(ptLabels)) {
    test(`${path} renders its title inside the layout`, async ({ page }) => {
      await openPage(page, path, label);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(label);
      await expect(page).toHaveTitle(`${label} · Sentinela`);
      await expect(nav(page)).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(label);
      const current = nav(page).locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveAttribute('href', path);
      await expect(current).toHaveText(label);
    });
  }

  test('the sidebar lists the menu in order, with the admin section', async ({ page }) => {
    await openPage(page, '/', 'Dashboard');
    await expect(nav(page).getByRole('link')).toHaveText(Object.values(ptLabels));
    const admin = nav(page).getByRole('group', { name: 'Administração' });
    await expect(admin.getByRole('link')).toHaveText(['Usuários', 'Configurações', 'Privacidade']);
    await expect(page.getByRole('link', { name: 'Pedidos' })).toHaveAttribute('href', '/purchase-orders');
  });

  test.describe('signed out', () => {
    test.use({ storageState: SIGNED_OUT });

    for (const [path, title] of [
      ['/login', 'Entrar'],
      ['/register', 'Criar conta'],
    ] as const) {
      test(`${path} is a public page outside the layout`, async ({ page }) => {
        await openPage(page, path, title);
        await expect(nav(page)).toHaveCount(0);
        await expect(page.getByRole('banner')).toHaveCount(0);
      });
    }
  });

  for (const path of ['/404', '/some/unknown']) {
    test(`${path} shows the not-found page inside the layout`, async ({ page }) => {
      await openPage(page, path, 'Página não encontrada');
      await expect(nav(page)).toBeVisible();
      await expect(nav(page).locator('[aria-current="page"]')).toHaveCount(0);
      await page.getByRole('link', { name: 'Voltar ao Dashboard' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    });
  }

  test('sidebar links navigate without a page load', async ({ page }) => {
    await openPage(page, '/', 'Dashboard');
    await page.evaluate(() => {
      (window as unknown as { spaMarker?: number }).spaMarker = 1;
    });
    await nav(page).getByRole('link', { name: 'Energia' }).click();
    await expect(page).toHaveURL(/\/energy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Energia' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Energia' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => (window as unknown as { spaMarker?: number }).spaMarker)).toBe(1);
  });
});

test.describe('sidebar', () => {
  test('collapses with the trigger, saved in the sidebar_state cookie', async ({ page }) => {
    await openPage(page, '/motors', 'Motores');
    await expectSidebarWidth(page, 280);
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true');

    await trigger(page).click();
    await expectSidebarWidth(page, 48);
    await expect(trigger(page)).toHaveAttribute('aria-expanded', 'false');
    expect(await sidebarCookie(page)).toBe('false');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Motores' })).toBeVisible();
    await expectSidebarWidth(page, 48);

    // Collapsed: icons only, labels as tooltips.
    await nav(page).getByRole('link', { name: 'Energia' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Energia');

    await trigger(page).click();
    await expectSidebarWidth(page, 280);
    expect(await sidebarCookie(page)).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Motores' })).toBeVisible();
    await expectSidebarWidth(page, 280);
  });

  test('the cookie lasts 7 days on path /', async ({ page }) => {
    await openPage(page, '/', 'Dashboard');
    await trigger(page).click();
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  test('Ctrl+B and Cmd+B toggle it', async ({ page }) => {
    await openPage(page, '/alerts', 'Alertas');
    await page.keyboard.press('Control+b');
    await expectSidebarWidth(page, 48);
    expect(await sidebarCookie(page)).toBe('false');
    await page.keyboard.press('Control+b');
    await expectSidebarWidth(page, 280);
    await page.keyboard.press('Meta+b');
    await expectSidebarWidth(page, 48);
    await page.keyboard.press('Meta+b');
    await expectSidebarWidth(page, 280);
    expect(await sidebarCookie(page)).toBe('true');
  });

  test('resizes by dragging its edge within 200–480 px, stored in localStorage', async ({ page }) => {
    await openPage(page, '/motors', 'Motores');
    expect(await storedWidth(page)).toBeNull();
    await expectSidebarWidth(page, 280);
    await expect(resizeHandle(page)).toHaveAttribute('aria-orientation', 'vertical');

    await dragHandle(page, 100);
    await expectSidebarWidth(page, 380);
    expect(await storedWidth(page)).toBe('380');

    await dragHandle(page, 1000);
    await expectSidebarWidth(page, 480);
    expect(await storedWidth(page)).toBe('480');

    await dragHandle(page, -1000);
    await expectSidebarWidth(page, 200);
    expect(await storedWidth(page)).toBe('200');

    await dragHandle(page, 37);
    await expectSidebarWidth(page, 237);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Motores' })).toBeVisible();
    await expectSidebarWidth(page, 237);
    await expect(resizeHandle(page)).toHaveAttribute('aria-valuenow', '237');
  });

  test('resizes with the keyboard', async ({ page }) => {
    await openPage(page, '/', 'Dashboard');
    await resizeHandle(page).focus();
    await page.keyboard.press('ArrowRight');
    await expectSidebarWidth(page, 296);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expectSidebarWidth(page, 264);
    await page.keyboard.press('End');
    await expectSidebarWidth(page, 480);
    await page.keyboard.press('Home');
    await expectSidebarWidth(page, 200);
    expect(await storedWidth(page)).toBe('200');
  });

  test('an invalid stored width falls back to 280 and an out-of-range one is clamped', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('sidebar-width', 'wide');
    });
    await page.reload();
    await expectSidebarWidth(page, 280);
    await page.evaluate(() => {
      localStorage.setItem('sidebar-width', '9000');
    });
    await page.reload();
    await expectSidebarWidth(page, 480);
  });

  test('cannot be dragged while collapsed', async ({ page }) => {
    await openPage(page, '/motors', 'Motores');
    await trigger(page).click();
    await expectSidebarWidth(page, 48);
    await expect(resizeHandle(page)).toHaveAttribute('aria-disabled', 'true');

    await dragHandle(page, 200);
    await expectSidebarWidth(page, 48);
    expect(await storedWidth(page)).toBeNull();

    await trigger(page).click();
    await expectSidebarWidth(page, 280);
    expect(await storedWidth(page)).toBeNull();
  });
});

test.describe('mobile drawer', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens from the header, which shows the page label, and closes on navigation', async ({ page }) => {
    await openPage(page, '/motors', 'Motores');
    await expect(nav(page)).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('banner')).toContainText('Motores');
    await expect(resizeHandle(page)).toHaveCount(0);

    const menu = page.getByRole('banner').getByRole('button', { name: 'Abrir menu' });
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Motores' })).toHaveAttribute('aria-current', 'page');
    const box = await drawer.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(288); // 18rem

    await drawer.getByRole('link', { name: 'Iluminação' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/lights$/);
    await expect(page.getByRole('banner')).toContainText('Iluminação');
    await expect(page.getByRole('heading', { level: 1, name: 'Iluminação' })).toBeVisible();

    await menu.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    await page.keyboard.press('Control+b');
    await expect(drawer).toBeVisible();
  });
});

test.describe('language', () => {
  test('switches to English, persists and survives a reload', async ({ page }) => {
    await openPage(page, '/motors', 'Motores');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

    await page.getByRole('button', { name: 'Idioma: PT' }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Motors' })).toBeVisible();
    const englishNav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(englishNav.getByRole('link')).toHaveText(enLabels);
    await expect(englishNav.getByRole('group', { name: 'Administration' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Language: EN' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Motors' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.getByRole('button', { name: 'Language: EN' }).click();
    await page.getByRole('menuitemradio', { name: 'Português' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Motores' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('pt');
  });

  test('an invalid stored value falls back to Portuguese', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('language', 'fr');
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(nav(page).getByRole('link', { name: 'Motores' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('the API calls carry the language header', async ({ page }) => {
    const headers: string[] = [];
    page.on('request', (request) => {
      // Not the live stream: an EventSource cannot set headers, and nothing it carries is worded.
      if (request.url().includes('/api/trpc') && request.resourceType() !== 'eventsource') {
        headers.push(request.headers()['x-sentinela-language'] ?? '(none)');
      }
    });
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('language', 'en');
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect.poll(() => headers.length).toBeGreaterThan(1);
    expect(headers.at(-1)).toBe('en');
  });
});

test.describe('theme', () => {
  test('is dark by default, toggles to light, persists', async ({ page }) => {
    await openPage(page, '/', 'Dashboard');
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

    await page.getByRole('button', { name: 'Mudar para tema claro' }).click();
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);

    await page.getByRole('button', { name: 'Mudar para tema escuro' }).click();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  test('the stored theme applies before the app script runs (no flash)', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('theme', 'light');
    });
    // Without the app bundle only public/theme-init.js can set the class.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await page.evaluate(() => {
      localStorage.removeItem('theme');
    });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
  });
});

test.describe('error screen and lazy loading', () => {
  test('a page that throws while rendering shows the error screen', async ({ page }) => {
    await page.route(EVENTS_CHUNK, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: "export default function P() { throw new Error('boom from test'); }",
      }),
    );
    await page.goto('/events');
    await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
    await expect(page.locator('pre')).toContainText('Error: boom from test');
    await expect(page.locator('pre')).toContainText(/at /);

    await page.unroute(EVENTS_CHUNK);
    await page.evaluate(() => {
      (window as unknown as { reloadMarker?: number }).reloadMarker = 1;
    });
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Reload Page' }).click()]);
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { reloadMarker?: number }).reloadMarker)).toBeUndefined();
  });

  test('a page chunk that fails to load shows the error screen', async ({ page }) => {
    await page.route(MOTORS_CHUNK, (route) => route.abort());
    await page.goto('/motors');
    await expect(page.getByText('An unexpected error occurred.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  });

  test("shows 'Carregando...' inside the layout while a page chunk loads", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(MOTORS_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await nav(page).getByRole('link', { name: 'Motores' }).click();
    await expect(page.getByRole('main').getByText('Carregando...')).toBeVisible();
    await expect(nav(page)).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Motores' })).toBeVisible();
    await expect(page.getByText('Carregando...')).toHaveCount(0);
  });

  test("shows 'Carregando...' on a first visit while the page chunk is held", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(MOTORS_CHUNK, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/motors', { waitUntil: 'commit' });
    await expect(page.getByText('Carregando...')).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Motores' })).toBeVisible();
  });
});

test('a normal visit logs no console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await openPage(page, '/motors', 'Motores');
  await trigger(page).click();
  await nav(page).getByRole('link', { name: 'Alertas' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas' })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('accessibility', () => {
  test('landmarks, named icon buttons and a skip link', async ({ page }) => {
    await openPage(page, '/', 'Dashboard');
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expect(nav(page)).toHaveCount(1);
    for (const name of ['Alternar barra lateral', 'Idioma: PT', 'Mudar para tema claro']) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Pular para o conteúdo' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
  });

  test('the language menu works from the keyboard', async ({ page }) => {
    await openPage(page, '/', 'Dashboard');
    await page.getByRole('button', { name: 'Idioma: PT' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    // The first item (Português) has focus once the menu has moved it there (not at once: an
    // arrow pressed before that went nowhere, and Enter chose Português); the next is English.
    await expect(page.getByRole('menuitemradio').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio').nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Language: EN' })).toBeVisible();
  });
});
