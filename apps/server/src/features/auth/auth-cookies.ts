import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'sentinela_session';
/** The pending second step of a sign-in. */
export const CHALLENGE_COOKIE = 'sentinela_2fa';

/**
 * Over https the cookies carry the `__Host-` prefix (Secure, path /, no Domain: the browser refuses
 * one set by a sibling domain or over plain http). Over plain http (a local or LAN install) the
 * browser would drop a prefixed cookie, so the bare name stays.
 */
export function cookieName(req: FastifyRequest, name: string): string {
  return req.protocol === 'https' ? `__Host-${name}` : name;
}

/** A cookie's value by the name this request's scheme gives it (never the bare name over https). */
export function readCookie(req: FastifyRequest, name: string): string | undefined {
  return req.cookies[cookieName(req, name)];
}

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
  res.setCookie(cookieName(req, SESSION_COOKIE), token, options(req, expires));
}

export function setChallengeCookie(req: FastifyRequest, res: FastifyReply, token: string, expires: Date): void {
  res.setCookie(cookieName(req, CHALLENGE_COOKIE), token, options(req, expires));
}

export function clearCookie(req: FastifyRequest, res: FastifyReply, name: string): void {
  res.clearCookie(cookieName(req, name), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
  });
}
