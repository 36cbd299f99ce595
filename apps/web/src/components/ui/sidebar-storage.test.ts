import { afterEach, describe, expect, it } from 'vitest';
import {
  clampSidebarWidth,
  parseSidebarCookie,
  parseSidebarWidth,
  readSidebarOpen,
  readSidebarWidth,
  serializeSidebarCookie,
  writeSidebarOpen,
  writeSidebarWidth,
} from './sidebar-storage';

afterEach(() => {
  localStorage.clear();
  document.cookie = 'sidebar_state=; path=/; max-age=0';
});

describe('sidebar width', () => {
  it('clamps to 200–480 and rounds', () => {
    expect(clampSidebarWidth(100)).toBe(200);
    expect(clampSidebarWidth(199.6)).toBe(200);
    expect(clampSidebarWidth(200)).toBe(200);
    expect(clampSidebarWidth(321.4)).toBe(321);
    expect(clampSidebarWidth(480)).toBe(480);
    expect(clampSidebarWidth(481)).toBe(480);
    expect(clampSidebarWidth(-50)).toBe(200);
    expect(clampSidebarWidth(Number.POSITIVE_INFINITY)).toBe(280);
    expect(clampSidebarWidth(Number.NaN)).toBe(280);
  });

  it('parses stored text, defaulting to 280', () => {
    expect(parseSidebarWidth(null)).toBe(280);
    expect(parseSidebarWidth(undefined)).toBe(280);
    expect(parseSidebarWidth('')).toBe(280);
    expect(parseSidebarWidth('  ')).toBe(280);
    expect(parseSidebarWidth('abc')).toBe(280);
    expect(parseSidebarWidth('300px')).toBe(280);
    expect(parseSidebarWidth('300')).toBe(300);
    expect(parseSidebarWidth('9999')).toBe(480);
    expect(parseSidebarWidth('12')).toBe(200);
  });

  it('round-trips through localStorage under "sidebar-width"', () => {
    expect(readSidebarWidth()).toBe(280);
    expect(writeSidebarWidth(350.4)).toBe(350);
    expect(localStorage.getItem('sidebar-width')).toBe('350');
    expect(readSidebarWidth()).toBe(350);
    writeSidebarWidth(1000);
    expect(localStorage.getItem('sidebar-width')).toBe('480');
  });
});

describe('sidebar cookie', () => {
  it('serialises with path=/ and a 7-day max-age', () => {
    expect(serializeSidebarCookie(true)).toBe('sidebar_state=true; path=/; max-age=604800; SameSite=Lax');
    expect(serializeSidebarCookie(false)).toMatch(/^sidebar_state=false; /);
  });

  it('parses the value among other cookies', () => {
    expect(parseSidebarCookie('')).toBeNull();
    expect(parseSidebarCookie('a=1; sidebar_state=false; b=2')).toBe(false);
    expect(parseSidebarCookie('sidebar_state=true')).toBe(true);
    expect(parseSidebarCookie('x_sidebar_state=true')).toBeNull();
    expect(parseSidebarCookie('sidebar_state=yes')).toBeNull();
  });

  it('writes and reads document.cookie', () => {
    expect(readSidebarOpen()).toBeNull();
    writeSidebarOpen(false);
    expect(document.cookie).toContain('sidebar_state=false');
    expect(readSidebarOpen()).toBe(false);
    writeSidebarOpen(true);
    expect(readSidebarOpen()).toBe(true);
  });
});
