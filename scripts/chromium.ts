/**
 * Where the end-to-end tests find their browser (ADR 006): Debian's Chromium, at CHROMIUM_PATH or
 * /usr/bin/chromium. `npm test` provides it when it is missing and the machine allows
 * (root with apt-get: what `.ci/run` does); otherwise it stops with one clear message.
 */
export const DEFAULT_CHROMIUM = '/usr/bin/chromium';

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

export function chromiumPlan(machine: ChromiumMachine): ChromiumPlan {
  const path = machine.configured ?? DEFAULT_CHROMIUM;
  if (machine.exists(path)) return { action: 'use', path };
  if (machine.configured !== undefined) {
    return { action: 'fail', message: `CHROMIUM_PATH is ${path}, and there is no browser there.` };
  }
  if (machine.canInstall) {
    return {
      action: 'install',
      path,
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'chromium'],
      ],
    };
  }
  return {
    action: 'fail',
    message:
      `The end-to-end tests need Chromium at ${path}. Install Debian's package as root ` +
      '(apt-get install -y chromium), or set CHROMIUM_PATH to a Chromium of your own.',
  };
}
