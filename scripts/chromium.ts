import { existsSync } from 'node:fs';

/**
 * Where the end-to-end tests find their browser (ADR 006, ADR 042): Debian's Chromium, never a
 * downloaded one. CHROMIUM_PATH when set; else Debian's headless shell
 * (`chromium-headless-shell`, the same Chromium built as the headless-only browser Playwright
 * itself runs headless tests in), which takes well under half the CPU of the full browser per
 * page on two cores; else the full browser at /usr/bin/chromium. `npm test` installs the shell
 * when it is missing and the machine allows (root with apt-get: what `.ci/run` does); otherwise
 * it runs the full browser, or stops with one clear message when there is none.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export interface ChromiumMachine {
  /** CHROMIUM_PATH, if set. */
  configured: string | undefined;
  exists(path: string): boolean;
  /** Whether this process may install Debian packages (root, with apt-get). */
  canInstall: boolean;
}

export type ChromiumPlan =
  | { action: 'use'; path: string }
  | { action: 'install'; path: string; commands: string[][] }
  | { action: 'fail'; message: string };

/** This machine, as the plan sees it: CHROMIUM_PATH, its files, and whether this process may run apt-get. */
export function thisMachine(): ChromiumMachine {
  return {
    configured: process.env.CHROMIUM_PATH || undefined,
    exists: existsSync,
    canInstall: process.getuid?.() === 0 && existsSync('/usr/bin/apt-get'),
  };
}

/**
 * The browser the tests run (playwright.config.ts, the global setup), once `npm run test:e2e` has
 * carried out the plan: the one it uses; where there is none, the one it would install.
 */
export function e2eChromium(machine: Pick<ChromiumMachine, 'configured' | 'exists'> = thisMachine()): string {
  const plan = chromiumPlan({ ...machine, canInstall: false });
  return plan.action === 'use' ? plan.path : (machine.configured ?? HEADLESS_SHELL);
}

export function chromiumPlan(machine: ChromiumMachine): ChromiumPlan {
  const configured = machine.configured;
  if (configured !== undefined) {
    return machine.exists(configured)
      ? { action: 'use', path: configured }
      : { action: 'fail', message: `CHROMIUM_PATH is ${configured}, and there is no browser there.` };
  }
  if (machine.exists(HEADLESS_SHELL)) return { action: 'use', path: HEADLESS_SHELL };
  if (machine.canInstall) {
    return {
      action: 'install',
      path: HEADLESS_SHELL,
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'chromium-headless-shell'],
      ],
    };
  }
  if (machine.exists(FULL_CHROMIUM)) return { action: 'use', path: FULL_CHROMIUM };
  return {
    action: 'fail',
    message:
      `The end-to-end tests need Chromium at ${HEADLESS_SHELL} or ${FULL_CHROMIUM}. Install Debian's package as ` +
      'root (apt-get install -y chromium-headless-shell), or set CHROMIUM_PATH to a Chromium of your own.',
  };
}
