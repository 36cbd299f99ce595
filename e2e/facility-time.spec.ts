import type { Page } from '@playwright/test';
import { callProcedure } from './admin-session';
import { adminCookies, baseUrl } from './fixtures';
import { expect, test } from './ops';

// Times about the plant read the facility's clock, whatever the browser's zone: here the browser
// is in Tokyo (UTC+9) and the demo facilities in São Paulo (UTC−3), twelve hours apart. Each card
// says once which clock it follows.

test.use({ timezoneId: 'Asia/Tokyo' });

const FACILITY_ZONE = 'America/Sao_Paulo';
const clock = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: FACILITY_ZONE });
const moment = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: FACILITY_ZONE });

/** São Paulo's clock from a minute ago to a minute ahead (a reading just taken, or the minute turning). */
function facilityClockNow(): string[] {
  const now = Date.now();
  return [-60_000, 0, 60_000].map((shift) => clock.format(new Date(now + shift)));
}

const oneOf = (times: string[]) => new RegExp(`(${times.join('|')})`);
/** Once per card: the facility's clock, or (rows of facilities in several zones) each row's own. */
const zoneNote = /^(Horário de .+ \(UTC−3\)|Horários no fuso de cada instalação)$/;

async function browserIsInTokyo(page: Page) {
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
}

test('facilities and rooms: the time now and the consumption readings are the facility’s clock, said once', async ({
  page,
}) => {
  await page.goto('/facilities');
  await browserIsInTokyo(page);
  const card = page.locator('[data-facility-code]').filter({ hasText: 'Planta Campinas' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText(`${FACILITY_ZONE} (UTC\u22123)`);
  await expect(card.locator('[data-slot="facility-now"]')).toHaveText(oneOf(facilityClockNow()));
  // "agora 15:41" beside "às 15:41", not "às 03:41" (the browser's clock).
  await expect(card.getByText(/ · às \d\d:\d\d$/)).toHaveText(oneOf(facilityClockNow()));

  await page.goto('/rooms');
  const row = page.locator('tbody tr[data-room-id]').filter({ hasText: 'Galpão de Produção A' });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row.getByText(/ · às \d\d:\d\d$/)).toHaveText(oneOf(facilityClockNow()));
  await expect(page.locator('[data-slot="zone-note"]')).toHaveText(zoneNote);
});

test('dashboard and alerts: every moment shown is the facility’s clock', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/');
  await browserIsInTokyo(page);
  await expect(page.locator('time[datetime]').first()).toBeVisible({ timeout: 15_000 });
  // Each <time> carries its moment; what it reads must be that moment in São Paulo (read at once:
  // the page is live).
  const shown = await page
    .locator('time[datetime]')
    .evaluateAll((times) => times.map((time) => [time.getAttribute('datetime') ?? '', time.textContent ?? '']));
  expect(shown.length).toBeGreaterThan(0);
  for (const [iso, text] of shown) expect(text).toBe(moment.format(new Date(iso ?? '')));
  await expect(page.locator('[data-slot="zone-note"]').first()).toHaveText(zoneNote);

  const alerts = (await callProcedure(baseUrl(), 'alerts.list', 'query', {}, adminCookies())) as {
    items: { id: string; status: string; raisedAt: string; facilityTimezone: string | null }[];
  };
  const alert = alerts.items.find((item) => item.status !== 'cleared' && item.facilityTimezone === FACILITY_ZONE);
  await page.goto('/alerts');
  await expect(page.locator('[data-slot="zone-note"]')).toHaveText(zoneNote);
  if (alert) {
    await expect(page.locator(`tr[data-alert-id="${alert.id}"]`)).toContainText(
      moment.format(new Date(alert.raisedAt)),
    );
  }
});
