// Runs lanes of shell commands side by side: the steps of one lane one after the other (a lane
// stops at its first failure), the lanes at the same time. `npm test` (scripts/test.ts) runs the
// browser tests in one lane and the checks and unit tests in another, at a lower CPU priority:
// the browser lane waits on pages and the server most of its time, and the other fills those
// idle cores instead of adding its time after (ADR 043).
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

export interface Step {
  command: string;
  /** Added to this process's environment for the step. */
  env?: Record<string, string>;
}

export interface Lane {
  name: string;
  steps: Step[];
  /** `nice` increment for every step of the lane (0, the default: as this process). */
  nice?: number;
}

export interface StepResult {
  lane: string;
  command: string;
  outcome: 'passed' | 'failed' | 'skipped';
  seconds: number;
  detail?: string;
}

/** Writes each line of a stream as `<prefix><line>`, holding back a partial last line. */
function linesTo(write: (line: string) => void, prefix: string) {
  let pending = '';
  // A character split across two chunks (│, ✓…) is decoded whole.
  const decoder = new StringDecoder('utf8');
  return {
    push(chunk: Buffer) {
      const text = pending + decoder.write(chunk);
      const lines = text.split('\n');
      pending = lines.pop()!;
      for (const line of lines) write(`${prefix}${line}\n`);
    },
    end() {
      pending += decoder.end();
      if (pending) write(`${prefix}${pending}\n`);
      pending = '';
    },
  };
}

function runStep(lane: Lane, step: Step, prefix: string, write: (s: string) => void) {
  const started = performance.now();
  return new Promise<StepResult>((resolve) => {
    // The shell under `nice`, so that the command line keeps its own syntax (VAR=value cmd, &&).
    const child = spawn('nice', ['-n', String(lane.nice ?? 0), 'sh', '-c', step.command], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...step.env },
    });
    const out = linesTo(write, prefix);
    const err = linesTo(write, prefix);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    let spawnError: string | undefined;
    child.on('error', (error) => (spawnError = error.message));
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      const seconds = (performance.now() - started) / 1000;
      const ok = code === 0 && !spawnError;
      resolve({
        lane: lane.name,
        command: step.command,
        outcome: ok ? 'passed' : 'failed',
        seconds,
        ...(ok ? {} : { detail: spawnError ?? signal ?? `exit ${code}` }),
      });
    });
  });
}

/** Runs every lane; resolves with every step's result (skipped: after a failure in its lane). */
export async function runLanes(lanes: Lane[], write: (s: string) => void = (s) => process.stdout.write(s)) {
  const width = Math.max(...lanes.map((l) => l.name.length));
  const results = await Promise.all(
    lanes.map(async (lane) => {
      const prefix = `${lane.name.padEnd(width)} │ `;
      const done: StepResult[] = [];
      for (const step of lane.steps) {
        if (done.some((r) => r.outcome === 'failed')) {
          done.push({ lane: lane.name, command: step.command, outcome: 'skipped', seconds: 0 });
          continue;
        }
        write(`${prefix}▶ ${step.command}\n`);
        const result = await runStep(lane, step, prefix, write);
        write(
          `${prefix}■ ${step.command}: ${result.outcome}${result.detail ? ` (${result.detail})` : ''} in ${result.seconds.toFixed(1)} s\n`,
        );
        done.push(result);
      }
      return done;
    }),
  );
  return results.flat();
}

export function summary(results: StepResult[], seconds: number): string {
  const rows = results.map(
    (r) =>
      `  ${r.outcome.padEnd(7)} ${r.seconds.toFixed(1).padStart(7)} s  ${r.lane}: ${r.command}${r.detail ? ` (${r.detail})` : ''}`,
  );
  return `\nSteps (${seconds.toFixed(1)} s in all):\n${rows.join('\n')}\n`;
}
