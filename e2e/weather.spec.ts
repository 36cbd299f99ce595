import { expect, test, type Browser, type Page } from '@playwright/test';
import { FakeOpenMeteo } from '../apps/server/test/fake-open-meteo';
import { createAdminSession } from './admin-session';
import { toast } from './fixtures';
import { auditPage, switchToEnglish } from './ops';
import { startServerProcess, type ServerProcess } from './server-process';

// A site of its own whose WEATHER_URL is a local fake Open-Meteo: with the provider off (the
// default) the page shows the site's stations and nobody is asked; an admin turns Open-Meteo on
// from the page and the fake's forecast appears, with its heat-wave and storm warnings.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Today's midnight in São Paulo (UTC−3): the fake's 7 days start with the facilities' today.
const localMidnight = Math.floor((Date.now() - 3 * HOUR) / DAY) * DAY + 3 * HOUR;

let fake: FakeOpenMeteo;
let site: ServerProcess;
let storageState: Awaited<ReturnType<typeof createAdminSession>>['storageState'];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  fake = await new FakeOpenMeteo(localMidnight).listen();
  // The demo site's facilities and stations, without its 35 days of history (not read here).
  site = await startServerProcess({ DEMO_DATA: 'on', DEMO_HISTORY: 'off', SIMULATOR: 'off', WEATHER_URL: fake.url });
  ({ storageState } = await createAdminSession(site.baseURL));
});
test.afterAll(async () => {
  await site?.stop();
  await fake?.close();
});

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: site.baseURL, storageState });
  return context.newPage();
}

test('with the provider off, /weather shows the site stations and says no forecast provider is configured', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await adminPage(browser);
  await page.goto('/weather');
  // The first answers may be slow on a busy machine.
  await expect(page.getByText(/Nenhum provedor de previsão configurado/)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByRole('region', { name: 'Estações do site' })).toHaveCount(3);
  await expect(page.getByText('Estação Meteorológica').first()).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(fake.requests).toHaveLength(0);
  await auditPage(page, 'weather-sensors', () =>
    expect(page.getByText(/Nenhum provedor de previsão configurado/)).toBeVisible(),
  );
});

test('an admin turns Open-Meteo on from the page: the fake provider forecast, warnings, °F and mph in English', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const page = await adminPage(browser);
  await page.goto('/weather');
  await page.getByRole('button', { name: 'Ativar Open-Meteo' }).click({ timeout: 90_000 });
  await expect(toast(page, 'Open-Meteo ativado.')).toBeVisible();
  const tables = page.getByRole('table', { name: /^Previsão de 7 dias em / });
  await expect(tables).toHaveCount(3, { timeout: 60_000 });
  await expect(tables.first().getByRole('row')).toHaveCount(8);
  await expect(page.getByText(/^Onda de calor prevista em .*: máxima de 37,0\u00a0°C\.$/).first()).toBeVisible();
  await expect(page.getByText(/^Tempestade prevista em .*: vento de 85\u00a0km\/h\.$/).first()).toBeVisible();
  await expect(page.getByText(/^Previsão atualizada /).first()).toBeVisible();
  expect(fake.requests.length).toBeGreaterThanOrEqual(3);
  await auditPage(page, 'weather-forecast', () => expect(tables).toHaveCount(3));

  await switchToEnglish(page);
  await expect(page.getByText(/^Heat wave forecast on .*: a high of 98\.6\u00a0°F\.$/).first()).toBeVisible();
  await expect(page.getByText(/^Storm forecast on .*: wind of 53\u00a0mph\.$/).first()).toBeVisible();
});
