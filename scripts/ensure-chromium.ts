// `npm run test:e2e` first: finds the end-to-end tests' browser, installs Debian's Chromium when
// it is missing and this process may (root with apt-get), or stops with a clear message (scripts/chromium.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPlan, thisMachine } from './chromium';

const plan = chromiumPlan(thisMachine());
if (plan.action === 'fail') {
  console.error(plan.message);
  process.exit(1);
}
if (plan.action === 'install') {
  console.log(`No Chromium at ${plan.path}: installing Debian's package (${plan.commands.at(-1)!.join(' ')})…`);
  for (const [command, ...args] of plan.commands) {
    const run = spawnSync(command!, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (run.status !== 0) {
      console.error(
        `${command} ${args.join(' ')} failed: install it by hand (apt-get install -y chromium-headless-shell).`,
      );
      process.exit(1);
    }
  }
  if (!existsSync(plan.path)) {
    console.error(`Chromium was installed but is not at ${plan.path}: set CHROMIUM_PATH.`);
    process.exit(1);
  }
}
