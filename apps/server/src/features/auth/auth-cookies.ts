import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sentinela_session';
/** The pending second step of a sign-in. */
export const CHALLENGE_COOKIE = 'sentinela_2fa';

function options(req: FastifyRequest, expires: Date) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    // Secure whenever the browser reached us over https (directly or, with TRUST_PROXY, via a proxy).
    secure: req.protocol === 'https',
    expires,
  };
}

export function setSessionCookie(req: FastifyRequest, res: FastifyReply, token: string, expires: Date): void {
  res.setCookie(SESSION_COOKIE, token, options(req, expires));
}

export function setChallengeCookie(req: FastifyRequest, res: FastifyReply, token: string, expires: Date): void {
  res.setCookie(CHALLENGE_COOKIE, token, options(req, expires));
}

export function clearCookie(req: FastifyRequest, res: FastifyReply, name: string): void {
  res.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: req.protocol === 'https' });
}
