import { generate } from 'otplib';
import superjson from 'superjson';

/** The e2e run's administrator: the first account of the fresh database, 2FA done over the API. */
export const ADMIN = {
  name: 'Administradora E2E',
  email: 'admin@sentinela.test',
  password: 'Gestora#Turno7!',
} as const;
export const ADMIN_STATE_FILE = 'test-results/e2e-admin-state.json';

/** Calls one procedure the way the web client does, carrying and collecting cookies. */
export async function callProcedure(
  baseURL: string,
  path: string,
  kind: 'query' | 'mutation',
  input: unknown,
  cookies: Map<string, string>,
): Promise<unknown> {
  const headers: Record<string, string> = { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  let response: Response;
  if (kind === 'query') {
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    response = await fetch(`${baseURL}/api/trpc/${path}${query}`, { headers });
  } else {
    response = await fetch(`${baseURL}/api/trpc/${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(superjson.serialize(input ?? null)),
    });
  }
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const body = (await response.json()) as {
    result?: { data: Parameters<typeof superjson.deserialize>[0] };
    error?: unknown;
  };
  if (!response.ok || !body.result) throw new Error(`${path} failed: ${response.status} ${JSON.stringify(body.error)}`);
  return superjson.deserialize(body.result.data);
}

/**
 * Registers the administrator and completes TOTP setup; answers the cookies of that signed-in
 * session (Playwright storage state) and the TOTP secret.
 */
export async function createAdminSession(baseURL: string) {
  const cookies = new Map<string, string>();
  await callProcedure(baseURL, 'auth.register', 'mutation', ADMIN, cookies);
  const { secret } = (await callProcedure(baseURL, 'auth.setup2FA', 'query', undefined, cookies)) as { secret: string };
  await callProcedure(baseURL, 'auth.verify2FA', 'mutation', { code: await generate({ secret }) }, cookies);
  const host = new URL(baseURL).hostname;
  const storageState = {
    cookies: [...cookies].map(([name, value]) => ({
      name,
      value,
      domain: host,
      path: '/',
      expires: Math.floor(Date.now() / 1000) + 6 * 24 * 3600,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax' as const,
    })),
    origins: [],
  };
  return { storageState, totpSecret: secret };
}
