import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { ADMIN_STATE_FILE, callProcedure } from './admin-session';

// Specs sign in over the API (CONVENTIONS §8): by default as the run's administrator (the
// storage state global-setup wrote), or as a fresh, fully enrolled viewer. Only the auth
// spec drives the sign-in screens.

const root = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN_STATE_PATH = path.join(root, ADMIN_STATE_FILE);
/** Meets every password rule (spec §5). */
export const STRONG_PASSWORD = 'Sentinela#2026';
export const SESSION_COOKIE = 'sentinela_session';

export type Cookies = Map<string, string>;

export interface TestAccount {
  name: string;
  email: string;
  password: string;
  /** The session cookies of the API sign-in. */
  cookies: Cookies;
}

export interface EnrolledAccount extends TestAccount {
  totpSecret: string;
  recoveryCodes: string[];
}

export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright test (global setup)');
  return url;
}

/** A unique address per call, so parallel tests never share an account. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@sentinela.test`;
}

/** A unique, valid phone number (spec §5 pattern). */
export function uniquePhone(): string {
  return `+5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
}

/** The TOTP code `steps` 30-s steps from now (a later step avoids the replay of a used one). */
export async function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

/** A 6-digit code that is none of the codes the server would accept right now. */
export async function wrongTotpCode(secret: string): Promise<string> {
  const valid = new Set(await Promise.all([-1, 0, 1, 2].map((steps) => totpCode(secret, steps))));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/** Registers a user over the API; 2FA still pending (the session only reaches auth.*). */
export async function createPendingUser(prefix = 'pending'): Promise<TestAccount> {
  const account = { name: `E2E ${prefix}`, email: uniqueEmail(prefix), password: STRONG_PASSWORD };
  const cookies: Cookies = new Map();
  await callProcedure(baseUrl(), 'auth.register', 'mutation', account, cookies);
  return { ...account, cookies };
}

/** Registers a user (a viewer: only the first account is an admin) and completes TOTP. */
export async function createEnrolledUser(prefix = 'viewer'): Promise<EnrolledAccount> {
  const account = await createPendingUser(prefix);
  const { secret } = (await callProcedure(baseUrl(), 'auth.setup2FA', 'query', undefined, account.cookies)) as {
    secret: string;
  };
  const { recoveryCodes } = (await callProcedure(
    baseUrl(),
    'auth.verify2FA',
    'mutation',
    { code: await totpCode(secret) },
    account.cookies,
  )) as { recoveryCodes: string[] };
  return { ...account, totpSecret: secret, recoveryCodes };
}

/** The administrator's cookies, from the storage state global-setup wrote. */
export function adminCookies(): Cookies {
  const state = JSON.parse(readFileSync(ADMIN_STATE_PATH, 'utf8')) as { cookies: { name: string; value: string }[] };
  return new Map(state.cookies.map((cookie) => [cookie.name, cookie.value]));
}

/** Puts an API session into a browser context. */
export async function addSessionCookies(context: BrowserContext, cookies: Cookies): Promise<void> {
  const { hostname } = new URL(baseUrl());
  await context.addCookies(
    [...cookies].map(([name, value]) => ({
      name,
      value,
      domain: hostname,
      path: '/',
      httpOnly: true,
      secure: false,
      sameSite: 'Lax' as const,
    })),
  );
}

interface OutboxMessage {
  body: string;
  createdAt: Date;
}

async function outbox(phoneNumber: string): Promise<OutboxMessage[]> {
  return (await callProcedure(
    baseUrl(),
    'sms.outbox',
    'query',
    { phoneNumber, limit: 5 },
    adminCookies(),
  )) as OutboxMessage[];
}

/** When the newest SMS to `phoneNumber` was written (null: none yet). Read before an action. */
export async function lastSmsAt(phoneNumber: string): Promise<Date | null> {
  return (await outbox(phoneNumber))[0]?.createdAt ?? null;
}

/** The code of the first SMS to `phoneNumber` newer than `after`, read from the outbox (admin API). */
export async function waitForSmsCode(phoneNumber: string, after: Date | null): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const [newest] = await outbox(phoneNumber);
        if (!newest || (after && newest.createdAt.getTime() <= after.getTime())) return undefined;
        code = /\b(\d{6})\b/.exec(newest.body)?.[1];
        return code;
      },
      { message: `an SMS code for ${phoneNumber}`, timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/** A toast (sonner) with this text. */
/**
 * The first path matching `pattern` (say `/\/login\?reset=[\w-]+/`) in the newest e-mail to `to`
 * in the outbox, read through the administrator's `email.outbox`; polled until it arrives.
 */
export async function linkInOutbox(to: string, pattern: RegExp, what: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const [mail] = (await callProcedure(baseUrl(), 'email.outbox', 'query', { to, limit: 1 }, adminCookies())) as {
          body: string;
        }[];
        link = pattern.exec(mail?.body ?? '')?.[0] ?? '';
        return link;
      },
      { message: `${what} for ${to}`, timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

interface Fixtures {
  /** A fresh viewer with TOTP enrolled over the API. */
  viewer: EnrolledAccount;
  /** A page in its own context, signed in as `viewer`. */
  viewerPage: Page;
}

/**
 * `page` is signed in as the administrator; `viewerPage` as a fresh viewer. A describe block
 * that needs a signed-out browser uses `test.use({ storageState: SIGNED_OUT })`.
 */
export const test = base.extend<Fixtures>({
  storageState: ADMIN_STATE_PATH,
  // Playwright reads the fixture's dependencies from the destructuring pattern.
  // eslint-disable-next-line no-empty-pattern
  viewer: async ({}, use) => {
    await use(await createEnrolledUser());
  },
  viewerPage: async ({ browser, viewer }, use) => {
    const context = await browser.newContext({ baseURL: baseUrl() });
    await addSessionCookies(context, viewer.cookies);
    const page = await context.newPage();
    await use(page);
    await context.close();
  },
});

export const SIGNED_OUT = { cookies: [], origins: [] };

export { expect };
