import type { Locator, Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl } from './fixtures';
import { auditPage, expect, switchToEnglish, test } from './ops';

// /datacenters on the demo site: the three sites (Campinas primary, Rio de Janeiro disaster
// recovery, Joinville edge) with the figures the API computes from the database, the
// architecture diagram, the uptime window, English, and the audit pass.

interface Site {
  id: string;
  name: string;
  ipAddress: string;
  servers: number;
  serversOnline: number;
  uptime: number | null;
  pue: number | null;
  status: string;
}
interface Overview {
  summary: { total: number; activeRegions: number; servers: number; averageUptime: number | null };
  sites: Site[];
  links: { kind: string }[];
}

const NBSP = '\u00a0';
const statValue = (page: Page, label: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: label, exact: true }) })
    .locator('[data-slot="stat-value"]');
const siteCard = (page: Page, name: string) => page.locator(`[data-slot="card"][data-site="${name}"]`);
/** The PUE a site's card shows, as a number. */
async function pueOf(card: Locator, lang: 'pt' | 'en' = 'pt'): Promise<number> {
  const text = (await card.locator('[data-field="pue"] dd').first().textContent()) ?? '';
  return Number(lang === 'pt' ? text.replace(',', '.') : text);
}
const diagram = (page: Page) => page.locator('[data-slot="datacenter-diagram"]');

const number = (lang: 'pt-BR' | 'en-US', value: number, digits: number) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
const percent = (lang: 'pt-BR' | 'en-US', share: number) => `${number(lang, share * 100, 3)}${NBSP}%`;

async function overview(uptimeDays = 30): Promise<Overview> {
  return (await callProcedure(baseUrl(), 'datacenters.overview', 'query', { uptimeDays }, adminCookies())) as Overview;
}

async function ready(page: Page) {
  await expect(page.locator('[data-slot="card"][data-site]')).toHaveCount(3);
  await expect(diagram(page).locator('[data-site]')).toHaveCount(3);
}

test('shows the three sites with the figures computed from the data, and the architecture diagram', async ({
  page,
}) => {
  const data = await overview();
  expect(data.sites.map((s) => s.name)).toEqual([
    'Data Center Campinas',
    'Data Center Rio de Janeiro',
    'Edge Joinville',
  ]);
  for (const site of data.sites) {
    expect(site.servers, site.name).toBeGreaterThan(0);
    expect(site.pue, site.name).not.toBeNull();
    expect(site.uptime, site.name).not.toBeNull();
  }

  await page.goto('/datacenters');
  await expect(page.getByRole('heading', { level: 1, name: 'Data Centers' })).toBeVisible();
  await expect(statValue(page, 'Total de Data Centers')).toHaveText('3');
  await expect(statValue(page, 'Regiões Ativas')).toHaveText(String(data.summary.activeRegions));
  await expect(statValue(page, 'Total de Servidores')).toHaveText(number('pt-BR', data.summary.servers, 0));
  await expect(statValue(page, 'Uptime Médio')).toHaveText(percent('pt-BR', data.summary.averageUptime ?? 0));
  await expect(page.getByRole('status').filter({ hasText: 'Ao vivo' })).toBeVisible();
  await ready(page);

  for (const site of data.sites) {
    const card = siteCard(page, site.name);
    await expect(card.getByRole('heading', { name: site.name })).toBeVisible();
    await expect(card.getByText(site.ipAddress, { exact: true })).toBeVisible();
    await expect(card.getByText(`${site.serversOnline} de ${site.servers} online`)).toBeVisible();
    await expect(card.getByText(percent('pt-BR', site.uptime ?? 0), { exact: true })).toBeVisible();
    // The current hour's means move with every reading: the PUE may have moved a hair since.
    await expect.poll(async () => pueOf(card)).toBeCloseTo(site.pue ?? 0, 1);
  }
  await expect(siteCard(page, 'Data Center Campinas').getByText('Primário')).toBeVisible();
  await expect(siteCard(page, 'Data Center Rio de Janeiro').getByText('Recuperação de desastres')).toBeVisible();
  await expect(siteCard(page, 'Data Center Rio de Janeiro').getByText('22,9068° S, 43,1729° O')).toBeVisible();
  await expect(siteCard(page, 'Edge Joinville').getByText('Borda (edge)')).toBeVisible();
  await expect(
    siteCard(page, 'Data Center Rio de Janeiro').getByText('Data Center Rio de Janeiro · Rio de Janeiro'),
  ).toBeVisible();

  // The diagram: the sites by their coordinates (Rio east of Campinas, Joinville south), linked.
  await expect(page.getByRole('img', { name: /^Diagrama da arquitetura multi-datacenter/ })).toBeVisible();
  await expect(diagram(page).locator('[data-link="replication"]')).toHaveCount(1);
  await expect(diagram(page).locator('[data-link="edge-sync"]')).toHaveCount(1);
  const centre = async (name: string) => {
    const box = await diagram(page).locator(`[data-site="${name}"] circle`).last().boundingBox();
    if (!box) throw new Error(`${name} is not drawn`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const campinas = await centre('Data Center Campinas');
  const rio = await centre('Data Center Rio de Janeiro');
  const joinville = await centre('Edge Joinville');
  expect(rio.x).toBeGreaterThan(campinas.x);
  expect(Math.abs(rio.y - campinas.y)).toBeLessThan(3);
  expect(joinville.y).toBeGreaterThan(campinas.y);
  expect(joinville.x).toBeLessThan(campinas.x);
  await expect(page.getByText(/^PUE = potência média do medidor da sala de servidores/)).toBeVisible();
  await expect(page.getByText(/^Uptime = 1 − /)).toBeVisible();

  // Another uptime window: the figures come again from the server.
  const week = await overview(7);
  await page.getByRole('combobox', { name: 'Período do uptime' }).selectOption('7');
  await expect(statValue(page, 'Uptime Médio')).toHaveText(percent('pt-BR', week.summary.averageUptime ?? 0));
  await expect(page.getByText('média simples dos sites, últimos 7 dias')).toBeVisible();
  await page.getByRole('combobox', { name: 'Período do uptime' }).selectOption('30');

  await auditPage(page, 'datacenters', () => ready(page));
});

test('reads in English, as a viewer too (the page has no controls to disable)', async ({ viewerPage: page }) => {
  const data = await overview();
  await page.goto('/datacenters');
  await switchToEnglish(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Data Centers' })).toBeVisible();
  await expect(statValue(page, 'Total Data Centers')).toHaveText('3');
  await expect(statValue(page, 'Active Regions')).toHaveText(String(data.summary.activeRegions));
  await expect(statValue(page, 'Total Servers')).toHaveText(number('en-US', data.summary.servers, 0));
  await expect(statValue(page, 'Average Uptime')).toHaveText(percent('en-US', data.summary.averageUptime ?? 0));
  await expect(page.getByRole('heading', { name: 'Multi-Datacenter Architecture' })).toBeVisible();
  const rio = siteCard(page, 'Data Center Rio de Janeiro');
  await expect(rio.getByText('Disaster recovery')).toBeVisible();
  await expect(rio.getByText('22.9068° S, 43.1729° W')).toBeVisible();
  await expect(rio.getByText('IP address')).toBeVisible();
  const rioSite = data.sites.find((s) => s.name === 'Data Center Rio de Janeiro');
  await expect(rio.locator('[data-field="pue"] dd').first()).toHaveText(/^\d\.\d{1,2}$/);
  expect(await pueOf(rio, 'en')).toBeCloseTo(rioSite?.pue ?? 0, 1);
  await expect(page.getByText(/^PUE = mean power of the server room meter/)).toBeVisible();
});
