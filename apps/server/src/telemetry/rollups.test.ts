import { describe, expect, it } from 'vitest';
import { DirtyMinutes } from './rollups';

describe('dirty minutes', () => {
  it('spans the touched minutes, whole, and is clean once taken', () => {
    const dirty = new DirtyMinutes();
    expect(dirty.take()).toBeNull();
    dirty.add(Date.parse('2026-03-02T12:03:30Z'));
    dirty.add(Date.parse('2026-03-02T12:01:10Z'));
    dirty.add(Date.parse('2026-03-02T12:02:00Z'));
    expect(dirty.take()).toEqual([new Date('2026-03-02T12:01:00Z'), new Date('2026-03-02T12:04:00Z')]);
    expect(dirty.take()).toBeNull();
    dirty.add(Date.parse('2026-03-02T12:05:00Z'));
    expect(dirty.take()).toEqual([new Date('2026-03-02T12:05:00Z'), new Date('2026-03-02T12:06:00Z')]);
  });
});
