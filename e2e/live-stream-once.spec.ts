import { expect, test } from './fixtures';

// Issue 11 item 10: a page opens its live stream (live.events over server-sent events) once,
// for the devices it shows: not first for an empty list and again when the list arrives.
const livePages = ['/', '/equipment', '/motors', '/lights', '/hvac'];

for (const route of livePages) {
  test(`${route} opens the live stream once`, async ({ page }) => {
    const opens: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/live.events')) opens.push(url.searchParams.get('input') ?? '');
    });
    await page.goto(route);
    await expect(page.locator('h1').first()).toBeVisible();
    await expect.poll(() => opens.length, { message: 'the stream opens' }).toBeGreaterThanOrEqual(1);
    // The list has come (and with it any reopening) once the network is quiet; then a moment more.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    expect(opens, `live.events inputs: ${opens.join(' | ')}`).toHaveLength(1);
    expect(opens[0], 'the stream is for the devices on screen, not an empty list').not.toContain('"equipmentIds":[]');
  });
}
