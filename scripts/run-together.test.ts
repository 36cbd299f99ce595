import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./run-together.mjs', import.meta.url));
const node = JSON.stringify(process.execPath);

function runTogether(...commands: string[]) {
  const run = spawnSync(process.execPath, [script, ...commands], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe('scripts/run-together.mjs (npm test: types, lint and formatting at once)', () => {
  it('runs every command at the same time and passes when all pass, each output whole', () => {
    // Each waits (5 s at most) for the other's file: run one after the other, the first would fail.
    const dir = mkdtempSync(path.join(tmpdir(), 'run-together-'));
    const waitFor = (mine: string, theirs: string) =>
      `${node} -e "const fs=require('fs'),p=require('path'),d=process.argv[1];fs.writeFileSync(p.join(d,'${mine}'),'');const t=Date.now();while(!fs.existsSync(p.join(d,'${theirs}'))){if(Date.now()-t>5000)process.exit(3)}console.log('${mine} saw ${theirs}')" ${JSON.stringify(dir)}`;
    try {
      const run = runTogether(waitFor('a', 'b'), waitFor('b', 'a'));
      expect(run.status).toBe(0);
      expect(run.out).toContain('a saw b');
      expect(run.out).toContain('b saw a');
      expect(run.out.match(/: passed in [\d.]+ s/g)).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails when one command fails, after letting the others finish', () => {
    const run = runTogether(
      `${node} -e "process.exit(4)"`,
      `${node} -e "setTimeout(()=>console.log('still ran'),300)"`,
    );
    expect(run.status).toBe(1);
    expect(run.out).toContain('still ran');
    expect(run.out).toMatch(/failed \(exit 4\)/);
    expect(run.err).toContain('Failed: ');
  });

  it('refuses to run nothing', () => {
    expect(runTogether().status).toBe(2);
  });
});
