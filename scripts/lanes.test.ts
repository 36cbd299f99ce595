import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLanes, summary } from './lanes';

const node = JSON.stringify(process.execPath);
const js = (code: string) => `${node} -e ${JSON.stringify(code)}`;

async function run(lanes: Parameters<typeof runLanes>[0]) {
  let out = '';
  const results = await runLanes(lanes, (s) => (out += s));
  return { results, out };
}

describe('scripts/lanes.ts (npm test: the browser lane and the checks lane at once)', () => {
  it('runs the lanes at the same time and each lane’s steps in order, every line under its lane', async () => {
    // Each lane's second step waits (5 s at most) for the other lane's first: run one lane after
    // the other, it would fail.
    const dir = mkdtempSync(path.join(tmpdir(), 'lanes-'));
    const touch = (name: string) => js(`require('fs').writeFileSync(${JSON.stringify(path.join(dir, name))}, '')`);
    const waitFor = (name: string) =>
      js(
        `const f=${JSON.stringify(path.join(dir, name))},t=Date.now();` +
          `(function w(){if(require('fs').existsSync(f))return console.log('saw ${name}\\nand a second line');` +
          `if(Date.now()-t>5000)process.exit(3);setTimeout(w,20)})()`,
      );
    try {
      const { results, out } = await run([
        { name: 'a', steps: [{ command: touch('a1') }, { command: waitFor('b1') }] },
        { name: 'bb', nice: 5, steps: [{ command: touch('b1') }, { command: waitFor('a1') }] },
      ]);
      expect(results.map((r) => `${r.lane} ${r.outcome}`)).toEqual(['a passed', 'a passed', 'bb passed', 'bb passed']);
      expect(out).toContain('a  │ saw b1\na  │ and a second line\n');
      expect(out).toContain('bb │ saw a1\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops a lane at its first failure, lets the other lane finish, and says so', async () => {
    const { results, out } = await run([
      {
        name: 'fails',
        steps: [{ command: js('console.error("broken"); process.exit(4)') }, { command: js('console.log("never")') }],
      },
      { name: 'runs', steps: [{ command: js('setTimeout(() => console.log("still ran"), 300)') }] },
    ]);
    expect(results.map((r) => r.outcome)).toEqual(['failed', 'skipped', 'passed']);
    expect(results[0]!.detail).toBe('exit 4');
    expect(out).toContain('fails │ broken');
    expect(out).not.toContain('never');
    expect(out).toContain('runs  │ still ran');
    expect(summary(results, 1)).toMatch(/failed +[\d.]+ s {2}fails: .*\(exit 4\)/);
  });

  it('keeps a character whose bytes arrive in two chunks whole', async () => {
    const { out } = await run([
      {
        name: 'utf8',
        steps: [
          {
            command: js(
              'const b = Buffer.from("✓ ok\\n"); process.stdout.write(b.subarray(0, 1)); setTimeout(() => process.stdout.write(b.subarray(1)), 100)',
            ),
          },
        ],
      },
    ]);
    expect(out).toContain('utf8 │ ✓ ok\n');
  });

  it('gives a step its environment and runs a nice lane’s command lines at the lower priority', async () => {
    const { results, out } = await run([
      {
        name: 'low',
        nice: 7,
        steps: [
          {
            command: `LANE_TEST_INLINE=inline ${js('console.log("env=" + process.env.LANE_TEST_VALUE, process.env.LANE_TEST_INLINE, "nice=" + require("os").getPriority())')}`,
            env: { LANE_TEST_VALUE: 'given' },
          },
        ],
      },
    ]);
    expect(results[0]!.outcome).toBe('passed');
    expect(out).toContain(`env=given inline nice=${Math.min(19, (await import('node:os')).getPriority() + 7)}`);
  });
});
