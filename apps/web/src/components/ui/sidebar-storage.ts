import { readLocal, writeLocal } from '../../lib/local-storage';

/**
 * Where the sidebar keeps its state (spec §3, §9): expanded/collapsed in the `sidebar_state`
 * cookie for 7 days, the dragged width in localStorage `sidebar-width` (px, 200–480, 280 by
 * default).
 */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;

export const SIDEBAR_WIDTH_STORAGE_KEY = 'sidebar-width';
export const SIDEBAR_MIN_WIDTH = 200;
export const SIDEBAR_MAX_WIDTH = 480;
export const SIDEBAR_DEFAULT_WIDTH = 280;

/** A whole number of px within 200–480; anything that is not a finite number gives 280. */
export function clampSidebarWidth(px: number): number {
  if (!Number.isFinite(px)) return SIDEBAR_DEFAULT_WIDTH;
  return Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, Math.round(px)));
}

/** The stored value as a width: missing, empty or non-numeric text gives the default. */
export function parseSidebarWidth(raw: string | null | undefined): number {
  if (raw == null || raw.trim() === '') return SIDEBAR_DEFAULT_WIDTH;
  return clampSidebarWidth(Number(raw));
}

export function readSidebarWidth(storage?: Storage): number {
  return parseSidebarWidth(readLocal(SIDEBAR_WIDTH_STORAGE_KEY, storage));
}

export function writeSidebarWidth(px: number, storage?: Storage): number {
  const width = clampSidebarWidth(px);
  writeLocal(SIDEBAR_WIDTH_STORAGE_KEY, String(width), storage);
  return width;
}

/** `true` / `false` from a `document.cookie` string; null when absent or anything else. */
export function parseSidebarCookie(cookies: string): boolean | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() !== SIDEBAR_COOKIE_NAME) continue;
    const value = rest.join('=').trim();
    if (value === 'true') return true;
    if (value === 'false') return false;
    return null;
  }
  return null;
}

export function serializeSidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${String(open)}; path=/; max-age=${String(SIDEBAR_COOKIE_MAX_AGE)}; SameSite=Lax`;
}

export function readSidebarOpen(doc: Document = document): boolean | null {
  return parseSidebarCookie(doc.cookie);
}

export function writeSidebarOpen(open: boolean, doc: Document = document): void {
  doc.cookie = serializeSidebarCookie(open);
}
