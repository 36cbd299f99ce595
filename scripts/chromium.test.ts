import { describe, expect, it } from 'vitest';
import { chromiumPlan, e2eChromium } from './chromium';

const SHELL = '/usr/bin/chromium-headless-shell';
const FULL = '/usr/bin/chromium';

describe('the end-to-end tests’ browser', () => {
  const none = () => false;
  const only =
    (...paths: string[]) =>
    (p: string) =>
      paths.includes(p);

  it('is Debian’s headless shell where it is, else the full browser', () => {
    expect(chromiumPlan({ configured: undefined, exists: only(SHELL, FULL), canInstall: false })).toEqual({
      action: 'use',
      path: SHELL,
    });
    expect(chromiumPlan({ configured: undefined, exists: only(FULL), canInstall: false })).toEqual({
      action: 'use',
      path: FULL,
    });
    expect(chromiumPlan({ configured: '/opt/c/chrome', exists: () => true, canInstall: false })).toEqual({
      action: 'use',
      path: '/opt/c/chrome',
    });
  });

  it('installs the headless shell from Debian’s packages when missing and the machine allows it', () => {
    for (const exists of [none, only(FULL)]) {
      const plan = chromiumPlan({ configured: undefined, exists, canInstall: true });
      expect(plan).toMatchObject({ action: 'install', path: SHELL });
      expect(plan.action === 'install' && plan.commands.at(-1)).toEqual([
        'apt-get',
        'install',
        '-y',
        '-qq',
        'chromium-headless-shell',
      ]);
    }
  });

  it('stops with a message naming what to do otherwise', () => {
    const plan = chromiumPlan({ configured: undefined, exists: none, canInstall: false });
    expect(plan.action === 'fail' && plan.message).toMatch(/apt-get install -y chromium-headless-shell.*CHROMIUM_PATH/);
    // A path given on purpose is never replaced by an installation.
    const given = chromiumPlan({ configured: '/opt/c/chrome', exists: none, canInstall: true });
    expect(given.action === 'fail' && given.message).toMatch(/CHROMIUM_PATH is \/opt\/c\/chrome/);
  });

  it('is, for Playwright, the browser the plan uses or installs', () => {
    expect(e2eChromium({ configured: undefined, exists: only(SHELL, FULL) })).toBe(SHELL);
    expect(e2eChromium({ configured: undefined, exists: only(FULL) })).toBe(FULL);
    expect(e2eChromium({ configured: undefined, exists: none })).toBe(SHELL);
    expect(e2eChromium({ configured: '/opt/c/chrome', exists: none })).toBe('/opt/c/chrome');
  });
});
