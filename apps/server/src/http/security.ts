import { Transform } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RequestPayload } from 'fastify';
import helmet from '@fastify/helmet';
import superjson from 'superjson';
import { MAX_BATCH_CALLS } from '@sentinela/shared/api-limits';
import { translateServerMessage, type ServerMessageKey } from '@sentinela/shared/messages';
import { requestLanguage } from '../trpc/context';

/** The helmet configuration: no inline scripts; inline styles only (Radix, sonner). */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' as const },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  // Sent by hstsOverHttps below, only to a browser that reached us over https.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets with HELMET_OPTIONS, worked out once: @fastify/helmet builds helmet's
 * middleware again on every request (the CSP parsed and formatted each time), and nothing here
 * varies per request (no CSP nonces). A throwaway Fastify with the plugin answers one request
 * and the headers it set are kept, so they stay helmet's own, byte for byte (ADR 034).
 */
export async function helmetHeaders(): Promise<[string, string | number | string[]][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, HELMET_OPTIONS);
  let headers: [string, string | number | string[]][] = [];
  probe.get('/', (_req, reply) => {
    headers = Object.entries(reply.raw.getHeaders()).filter(
      (entry): entry is [string, string | number | string[]] => entry[1] !== undefined,
    );
    return '';
  });
  await probe.inject({ url: '/' });
  await probe.close();
  if (!headers.some(([name]) => name === 'content-security-policy')) throw new Error('helmet set no CSP');
  return headers;
}

/** Security headers on every response. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const headers = await helmetHeaders();
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', hstsOverHttps);
}

/** One year, subdomains included: only over https (directly, or through a trusted proxy that says so). */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

function hstsOverHttps(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: HookDone): void {
  if (req.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  done(null, payload);
}

type HookDone = (error: Error | null, payload: unknown) => void;

/**
 * Every API answer: never stored by a browser or proxy cache (signed-in data), and JSON labelled
 * with its charset (tRPC's adapter sends a bare `application/json`).
 */
export function apiResponseHeaders(_req: FastifyRequest, reply: FastifyReply, payload: unknown, done: HookDone): void {
  reply.header('cache-control', 'no-store');
  if (payload instanceof Response) {
    const type = payload.headers.get('content-type');
    if (type === null || !BARE_JSON.test(type) || payload.body === null) return done(null, payload);
    // tRPC hands Fastify a fetch Response holding one JSON text (streamed answers are
    // application/jsonl or text/event-stream and stay streams). Sent as that text, with what
    // Fastify would take from the Response (status, headers), the answer is one write with a
    // Content-Length instead of a web stream in chunks (ADR 034).
    const response = payload;
    response.text().then<void, void>(
      (text) => {
        reply.code(response.status);
        for (const [name, value] of response.headers) reply.header(name, value);
        reply.header('content-type', JSON_UTF8);
        done(null, text);
      },
      (error: Error) => done(error, undefined),
    );
    return;
  }
  const type = reply.getHeader('content-type');
  if (typeof type === 'string' && BARE_JSON.test(type)) reply.header('content-type', JSON_UTF8);
  done(null, payload);
}

const BARE_JSON = /^application\/json\s*$/i;
const JSON_UTF8 = 'application/json; charset=utf-8';

/** A tRPC-shaped error (as httpBatchLink and httpLink read it), for refusals before tRPC runs. */
export function sendTrpcError(
  req: FastifyRequest,
  reply: FastifyReply,
  status: 400 | 403 | 413 | 415,
  key: ServerMessageKey,
): FastifyReply {
  const codes = {
    400: { code: 'PARSE_ERROR', rpc: -32700 },
    403: { code: 'FORBIDDEN', rpc: -32003 },
    413: { code: 'PAYLOAD_TOO_LARGE', rpc: -32013 },
    415: { code: 'UNSUPPORTED_MEDIA_TYPE', rpc: -32015 },
  } as const;
  const { code, rpc } = codes[status];
  const error = superjson.serialize({
    message: translateServerMessage(key, requestLanguage(req)),
    code: rpc,
    data: { code, httpStatus: status },
  });
  return reply.code(status).type('application/json').send({ error });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const safeFetchSites = new Set(['same-origin', 'none']);

/**
 * Cookie-authenticated calls must not be forgeable from another site: a state-changing request
 * whose Origin is another host or whose Sec-Fetch-Site says cross-site is refused, and so is a
 * body that is not JSON (the only kinds a plain HTML form can send are not).
 */
const HOST_SHAPE = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** A Host header as RFC 9110 has it (a name, an IPv4 or a bracketed IPv6 address; an optional port) that a URL can be built from. */
export function validHost(host: string | undefined): boolean {
  if (!host || host.length > 300 || !HOST_SHAPE.test(host)) return false;
  try {
    return new URL(`http://${host}`).host !== '';
  } catch {
    return false;
  }
}

/** How many procedures a tRPC request names (`/api/trpc/a,b,c?batch=1`); 1 when it is not batched. */
function batchSize(req: FastifyRequest): number {
  if ((req.query as Record<string, unknown>).batch !== '1') return 1;
  const path = req.url.split('?')[0] ?? '';
  return path.slice(path.lastIndexOf('/') + 1).split(',').length;
}

export function apiRequestGuard(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  // The API builds each request's URL from its Host: a missing or malformed one is the caller's fault.
  if (!validHost(req.headers.host)) {
    sendTrpcError(req, reply, 400, 'error.badHost');
    return;
  }
  if (batchSize(req) > MAX_BATCH_CALLS) {
    sendTrpcError(req, reply, 400, 'error.batchTooLarge');
    return;
  }
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') {
    // tRPC reads `input` only for procedures that take one; refuse malformed JSON for all alike.
    const input = (req.query as Record<string, unknown>).input;
    if (typeof input === 'string' && !isJson(input)) {
      sendTrpcError(req, reply, 400, 'error.parse');
      return;
    }
    return done();
  }

  const fetchSite = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const crossSiteFetch = typeof fetchSite === 'string' && !safeFetchSites.has(fetchSite);
  let crossOrigin = false;
  if (origin !== undefined) {
    try {
      crossOrigin = new URL(origin).host !== req.headers.host;
    } catch {
      crossOrigin = true; // "null" or garbage
    }
  }
  if (crossSiteFetch || crossOrigin) {
    req.log.warn({ origin, fetchSite }, 'cross-site API request refused');
    sendTrpcError(req, reply, 403, 'error.crossSite');
    return;
  }

  const contentType = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (contentType !== 'application/json') {
    sendTrpcError(req, reply, 415, 'error.unsupportedMediaType');
    return;
  }
  done();
}

/** Runs after the body is read (tRPC's parser keeps JSON bodies as text): malformed JSON is a 400. */
export function apiBodyGuard(req: FastifyRequest, reply: FastifyReply, done: () => void): void {
  if (typeof req.body === 'string' && req.body !== '' && !isJson(req.body)) {
    sendTrpcError(req, reply, 400, 'error.parse');
    return;
  }
  done();
}

/** The largest request body the API takes. */
export const BODY_LIMIT = 1024 * 1024;
/** The one exception: an unbatched call of `registry.import`, which carries a CSV file. */
export const IMPORT_BODY_LIMIT = 8 * 1024 * 1024;
const IMPORT_PATH = '/api/trpc/registry.import';

/** The limit of this request's body: 8 MB for the import alone, 1 MB for everything else. */
export function bodyLimitOf(req: FastifyRequest): number {
  const [path, query = ''] = (req.raw.url ?? '').split('?');
  const batched = new URLSearchParams(query).has('batch');
  return req.method === 'POST' && path === IMPORT_PATH && !batched ? IMPORT_BODY_LIMIT : BODY_LIMIT;
}

const tooLarge = () => Object.assign(new Error('Request body is too large'), { statusCode: 413 });

/**
 * The tRPC route takes bodies up to IMPORT_BODY_LIMIT (Fastify's limit is per route, and one
 * route serves every procedure), so this preParsing hook holds every other call to BODY_LIMIT:
 * by its Content-Length at once, and by counting for a body sent in chunks. Both answer 413
 * `error.payloadTooLarge` through the API's error handler, as Fastify's own limit does.
 */
export function apiBodyLimit(
  req: FastifyRequest,
  _reply: FastifyReply,
  payload: RequestPayload,
  done: (error: Error | null, payload?: RequestPayload) => void,
): void {
  // A GET or HEAD carries no body (Fastify reads none): nothing to count.
  if (req.method === 'GET' || req.method === 'HEAD') return done(null, payload);
  const limit = bodyLimitOf(req);
  if (limit >= IMPORT_BODY_LIMIT) return done(null, payload);
  if (Number(req.headers['content-length'] ?? 0) > limit) return done(tooLarge());
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) callback(tooLarge());
      else callback(null, chunk);
    },
  });
  payload.on('error', (error: Error) => counter.destroy(error));
  done(null, payload.pipe(counter));
}
