import { createRequire } from 'node:module';

/**
 * glibc's `malloc_trim(0)`, called through koffi (a foreign-function library shipped with prebuilt
 * binaries: nothing is compiled at install), or null where it cannot be: not Linux, no glibc
 * (musl's C library is not `libc.so.6`, and has no malloc_trim), or koffi missing or refusing to
 * load (ADR 039, "Freed, and given back"). glibc gives pages back to the system only from the top
 * of each arena when a block is freed; `malloc_trim(0)` also gives back the free pages in the
 * middle of every arena, every thread's included. After a first start's demo history those held
 * ≈ 35 MB that nothing else returns. The answer: whether any memory went back. koffi is loaded by
 * the first call of this function (it costs ≈ 6 MB resident, so only where it is used).
 */
export function mallocTrim(): (() => boolean) | null {
  if (process.platform !== 'linux') return null;
  try {
    const require = createRequire(import.meta.url);
    const koffi = require('koffi') as Koffi;
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
    return () => trim(0) === 1;
  } catch {
    return null;
  }
}

/** The part of koffi used here. */
interface Koffi {
  load(path: string): { func(definition: string): unknown };
}
