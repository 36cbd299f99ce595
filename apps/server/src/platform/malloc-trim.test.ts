import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { mallocTrim } from './malloc-trim';
import { fullCollection } from './memory-tidy';

const MB = 2 ** 20;

/** This process's resident memory, from /proc (what `ps` reads). */
function residentBytes(): number {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.match(/\d+/)?.[0] ?? 0) * 1024;
}

// Linux with glibc, as here, in CI and in the Docker image: elsewhere mallocTrim() is null.
describe.runIf(process.platform === 'linux')("glibc's malloc_trim", () => {
  it('gives back to the system the pages of blocks freed in the middle of the heap', async () => {
    const trim = mallocTrim();
    expect(trim).toBeTypeOf('function');
    const gc = fullCollection();
    expect(gc).toBeTypeOf('function');
    // 120 MB in 64 KiB blocks (each under glibc's mmap threshold: from the arena), touched, then all
    // freed but the last, which keeps them in the middle: free() alone gives none of it back.
    const blocks = Array.from({ length: 1920 }, () => Buffer.alloc(64 * 1024, 1));
    const last = blocks.at(-1);
    blocks.length = 0;
    gc?.();
    await new Promise((resolve) => setTimeout(resolve, 200));
    gc?.();
    const before = residentBytes();
    expect(trim?.()).toBe(true);
    const after = residentBytes();
    expect(last?.[0]).toBe(1);
    expect(before - after).toBeGreaterThan(60 * MB);
  });
});
