import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import {
  TRPCError,
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  middlewareMarker,
} from '@trpc/server/unstable-core-do-not-import';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The tRPC API's route (ADR 044). GET queries, what every page asks most, are answered here by
 * calling the router's procedures directly; everything else (mutations, subscriptions, streamed
 * batches, HEAD, anything unusual) goes to tRPC's own Fastify handler. tRPC's handler builds a
 * WHATWG Request from the Node request and answers a Response (headers copied twice, a URL
 * parsed, abort signals combined per call): about four times the CPU of a bare route before a
 * procedure runs. The query lane keeps tRPC's wire format byte for byte (the same status, body
 * and headers, pinned against tRPC's handler by trpc-route.test.ts), tRPC's error shapes and
 * onError, and the abort signal on a client that leaves.
 */
export function registerTrpcRoute<TRouter extends AnyTRPCRouter>(
  api: FastifyInstance,
  options: { prefix: string; trpcOptions: FastifyTRPCPluginOptions<TRouter>['trpcOptions'] },
): void {
  const { trpcOptions } = options;
  // As tRPC's plugin does: JSON and multipart bodies reach tRPC as they came.
  api.removeContentTypeParser('application/json');
  api.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  api.removeContentTypeParser('multipart/form-data');
  api.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
  // Options the lane does not implement leave every call to tRPC's handler.
  const { responseMeta, allowBatching, batching, maxBatchSize, allowMethodOverride } = trpcOptions;
  const laneFits =
    !responseMeta &&
    allowBatching !== false &&
    batching?.enabled !== false &&
    maxBatchSize === undefined &&
    !allowMethodOverride;
  const answerQueries = laneFits ? queryLane(trpcOptions) : null;
  api.all(`${options.prefix}/:path`, async (req, reply) => {
    const path = (req.params as { path: string }).path;
    const calls = answerQueries && queryCalls(trpcOptions.router, req, path);
    if (calls) return answerQueries(req, reply, calls);
    await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
    return reply;
  });
}

interface QueryCalls {
  batch: boolean;
  paths: string[];
  procedures: AnyTRPCProcedure[];
  /** The `input` query parameter as sent (absent or empty: no input). */
  input: string | undefined;
}

/**
 * The calls of a plain GET of queries, or null when tRPC's own handler must answer (another
 * method, a body type, a streamed batch, connection parameters, an unknown or non-query path,
 * an escaped path tRPC would decode again).
 */
export function queryCalls(router: AnyTRPCRouter, req: FastifyRequest, path: string): QueryCalls | null {
  if (req.method !== 'GET') return null;
  const headers = req.headers;
  if (headers['content-type'] !== undefined || headers['trpc-accept'] !== undefined) return null;
  if (typeof headers.accept === 'string' && headers.accept.includes('application/jsonl')) return null;
  // The query string as tRPC reads it (URLSearchParams: the first of repeated names, U+FFFD for a
  // malformed escape), not as Fastify's parser does.
  const url = req.raw.url ?? '';
  const mark = url.indexOf('?');
  const query = new URLSearchParams(mark < 0 ? '' : url.slice(mark + 1));
  if (query.has('connectionParams') || path.includes('%')) return null;
  const input = query.get('input') ?? undefined;
  const isBatch = query.get('batch') === '1';
  const paths = isBatch ? path.split(',') : [path];
  const records = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  const procedures: AnyTRPCProcedure[] = [];
  for (const name of paths) {
    const procedure = Object.hasOwn(records, name) ? records[name] : undefined;
    if (procedure?._def.type !== 'query') return null;
    procedures.push(procedure);
  }
  return { batch: isBatch, paths, procedures, input };
}

type RequestHandlerOptions<TRouter extends AnyTRPCRouter> = FastifyTRPCPluginOptions<TRouter>['trpcOptions'];
type Inputs = Record<number, unknown>;
type CallResult = [TRPCError, undefined] | [undefined, unknown];

function queryLane<TRouter extends AnyTRPCRouter>(trpcOptions: RequestHandlerOptions<TRouter>) {
  const { router } = trpcOptions;
  const config = router._def._config;
  const createContext = trpcOptions.createContext as
    ((opts: { req: FastifyRequest; res: FastifyReply; info: unknown }) => Promise<unknown>) | undefined;
  const onError = trpcOptions.onError as ((opts: Record<string, unknown>) => void) | undefined;

  return async function answer(req: FastifyRequest, reply: FastifyReply, calls: QueryCalls): Promise<FastifyReply> {
    // The inputs, parsed once when a procedure first asks (tRPC's memo: a failure is a
    // BAD_REQUEST with the parser's message, the same for every call of the batch).
    let inputs: Inputs | undefined;
    let inputsError: TRPCError | undefined;
    const readInputs = (): Inputs => {
      if (inputsError) throw inputsError;
      if (inputs) return inputs;
      try {
        inputs = parseInputs((value) => config.transformer.input.deserialize(value), calls);
        return inputs;
      } catch (cause) {
        inputsError =
          cause instanceof TRPCError
            ? cause
            : new TRPCError({
                code: 'BAD_REQUEST',
                message: cause instanceof Error ? cause.message : 'Invalid input',
                cause,
              });
        throw inputsError;
      }
    };
    const inputOf = (index: number): unknown => inputs?.[index];

    let ctx: unknown;
    let ctxError: TRPCError | undefined;
    try {
      ctx = await createContext?.({ ...trpcOptions, req, res: reply, info: undefined });
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }

    const signal = requestSignal(req, reply);
    const results = await Promise.all(
      calls.procedures.map(async (procedure, index): Promise<CallResult> => {
        const path = calls.paths[index]!;
        try {
          if (ctxError) throw ctxError;
          const data: unknown = await invoke(procedure, {
            path,
            // Rejects (never throws) with the inputs' error, as tRPC's memo does.
            getRawInput: () => new Promise((resolve) => resolve(readInputs()[index])),
            ctx,
            type: 'query',
            signal,
            batchIndex: index,
          });
          return [undefined, data];
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          onError?.({ error, path, input: inputOf(index), ctx, type: 'query', req });
          return [error, undefined];
        }
      }),
    );

    const body = results.map(([error, data], index) => {
      const path = calls.paths[index];
      if (error || !isDataStream(data)) return responseOf(config, error, data, path, inputOf(index), ctx);
      const streamError = new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: STREAM_MESSAGE });
      if (calls.batch) return responseOf(config, streamError, undefined, path, inputOf(index), ctx);
      // A single call's refusal tRPC throws outside the call: logged, no path nor input in its shape.
      onError?.({ error: streamError, path: undefined, input: undefined, ctx, type: 'query', req });
      return responseOf(config, streamError, undefined, undefined, undefined, ctx);
    });
    const status = getHTTPStatusCode(body as never);
    const serialize = (value: unknown): unknown => config.transformer.output.serialize(value);
    const serialized = body.map((item) => serializeItem(serialize, item as ResponseItem));
    const text = JSON.stringify(calls.batch ? serialized : serialized[0]);
    return reply.code(status).header('vary', 'trpc-accept, accept').header('content-type', JSON_UTF8).send(text);
  };
}

/** tRPC's `application/json`, with the charset every API answer carries (security.ts, apiResponseHeaders). */
const JSON_UTF8 = 'application/json; charset=utf-8';
const STREAM_MESSAGE = 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink';

function responseOf(
  config: AnyTRPCRouter['_def']['_config'],
  error: TRPCError | undefined,
  data: unknown,
  path: string | undefined,
  input: unknown,
  ctx: unknown,
): unknown {
  if (!error) return { result: { data } };
  const shape: unknown = getErrorShape({ config, error, type: 'query', path, input, ctx });
  return { error: shape };
}

type ResponseItem = { error: unknown } | { result: { data: unknown } };

/** tRPC's transformTRPCResponseItem: the error, or the result's data, through the transformer. */
function serializeItem(serialize: (value: unknown) => unknown, item: ResponseItem): ResponseItem {
  if ('error' in item) return { ...item, error: serialize(item.error) };
  return { ...item, result: { ...item.result, data: serialize(item.result.data) } };
}

/** The `input` parameter as tRPC reads it: one value, or an object of values by batch index. */
function parseInputs(deserialize: (value: unknown) => unknown, calls: QueryCalls): Inputs {
  const inputs: Inputs = Object.create(null) as Inputs;
  if (!calls.input) return inputs;
  const parsed: unknown = JSON.parse(calls.input);
  if (!calls.batch) {
    inputs[0] = deserialize(parsed);
    return inputs;
  }
  if (!isObject(parsed)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: '"input" needs to be an object when doing a batch call' });
  }
  for (const index of calls.paths.keys()) {
    const value = parsed[index];
    if (value !== undefined) inputs[index] = deserialize(value);
  }
  return inputs;
}

/** Aborted when the client leaves before the answer is sent, as tRPC's Node adapter does. */
function requestSignal(req: FastifyRequest, reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const onAbort = () => {
    reply.raw.off('close', onClose);
    req.raw.off('aborted', onAbort);
    controller.abort();
  };
  const onClose = () => {
    if (reply.raw.writableEnded) {
      req.raw.off('aborted', onAbort);
      return;
    }
    onAbort();
  };
  reply.raw.once('close', onClose);
  req.raw.once('aborted', onAbort);
  return controller.signal;
}

/** A value tRPC would only send as a stream (an async iterable, or an object holding promises or iterables). */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

interface CallOptions {
  path: string;
  getRawInput: () => Promise<unknown>;
  ctx: unknown;
  type: 'query';
  signal: AbortSignal;
  batchIndex: number;
  input?: unknown;
}
type Middleware = (opts: Record<string, unknown>) => Promise<MiddlewareResult>;
type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };

/**
 * A procedure's middlewares run as tRPC's own procedure caller runs them (callRecursive), with
 * the language's object spread instead of tRPC's transpiled helper (defineProperty per key,
 * twice a middleware: a sixth of an auth.me's CPU).
 */
async function invoke(procedure: AnyTRPCProcedure, opts: CallOptions): Promise<unknown> {
  const result = await callRecursive(0, procedure._def as unknown as ProcedureDef, opts);
  if (!result) {
    throw new TRPCError({
      code: 'INTERNAL_SERVER_ERROR',
      message: 'No result from middlewares - did you forget to `return next()`?',
    });
  }
  if (!result.ok) throw result.error;
  return result.data;
}

interface ProcedureDef {
  middlewares: Middleware[];
  meta: unknown;
}

async function callRecursive(
  index: number,
  def: ProcedureDef,
  opts: CallOptions,
): Promise<MiddlewareResult | undefined> {
  try {
    const middleware = def.middlewares[index]!;
    return await middleware({
      ...opts,
      meta: def.meta,
      input: opts.input,
      next(nextOpts?: { ctx?: object; input?: unknown; getRawInput?: () => Promise<unknown> }) {
        return callRecursive(index + 1, def, {
          ...opts,
          ctx: nextOpts?.ctx ? { ...(opts.ctx as object), ...nextOpts.ctx } : opts.ctx,
          input: nextOpts && 'input' in nextOpts ? nextOpts.input : opts.input,
          getRawInput: nextOpts?.getRawInput ?? opts.getRawInput,
        });
      },
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause), marker: middlewareMarker } as MiddlewareResult;
  }
}
