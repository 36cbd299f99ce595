import { describe, expect, it } from 'vitest';
import { chromiumPlan } from './chromium';

describe('the end-to-end tests’ browser', () => {
  const none = () => false;

  it('is used where it is', () => {
    expect(
      chromiumPlan({ configured: undefined, exists: (p) => p === '/usr/bin/chromium', canInstall: false }),
    ).toEqual({ action: 'use', path: '/usr/bin/chromium' });
    expect(chromiumPlan({ configured: '/opt/c/chrome', exists: () => true, canInstall: false })).toEqual({
      action: 'use',
      path: '/opt/c/chrome',
    });
  });

  it('is installed from Debian’s packages when missing and the machine allows it', () => {
    const plan = chromiumPlan({ configured: undefined, exists: none, canInstall: true });
    expect(plan.action).toBe('install');
    expect(plan.action === 'install' && plan.commands.at(-1)).toEqual(['apt-get', 'install', '-y', '-qq', 'chromium']);
  });

  it('stops with a message naming what to do otherwise', () => {
    const plan = chromiumPlan({ configured: undefined, exists: none, canInstall: false });
    expect(plan.action === 'fail' && plan.message).toMatch(/apt-get install -y chromium.*CHROMIUM_PATH/);
    // A path given on purpose is never replaced by an installation.
    const given = chromiumPlan({ configured: '/opt/c/chrome', exists: none, canInstall: true });
    expect(given.action === 'fail' && given.message).toMatch(/CHROMIUM_PATH is \/opt\/c\/chrome/);
  });
});
