// Runs the commands given (each one shell command line) at the same time and waits for all of
// them: `npm test` checks types, lint and formatting this way, since each is one busy thread and
// CI has two cores. Each command's output is printed whole when it ends, under its name and
// time; the exit code is 1 when any command failed (every command still runs to its end).
import { spawn } from 'node:child_process';

const commands = process.argv.slice(2);
if (commands.length === 0) {
  console.error('usage: node scripts/run-together.mjs "<command>" "<command>"...');
  process.exit(2);
}

const started = performance.now();
const results = await Promise.all(
  commands.map(
    (command) =>
      new Promise((resolve) => {
        const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
        const output = [];
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
        child.on('close', (code, signal) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          const ok = code === 0;
          process.stdout.write(
            `\n> ${command}: ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n`,
          );
          process.stdout.write(Buffer.concat(output));
          resolve(ok);
        });
      }),
  ),
);
const failed = commands.filter((_, i) => !results[i]);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join('; ')}`);
  process.exit(1);
}
