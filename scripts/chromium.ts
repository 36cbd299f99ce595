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

/** The browser the tests run: what `chromiumPlan` uses or installs (playwright.config.ts). */
export function e2eChromium(machine: Pick<ChromiumMachine, 'configured' | 'exists'>): string {
  if (machine.configured !== undefined) return machine.configured;
  return machine.exists(HEADLESS_SHELL) || !machine.exists(FULL_CHROMIUM) ? HEADLESS_SHELL : FULL_CHROMIUM;
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
