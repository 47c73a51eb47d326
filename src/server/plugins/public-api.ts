import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_KEY_PREFIX } from '../../shared/api/api-keys';
import { API_V1_PREFIX, IDEMPOTENCY_HEADER, IDEMPOTENT_REPLAYED_HEADER, IdempotencyKey } from '../../shared/api/public-api';
import { AppError } from '../errors';
import { bearerKey } from '../services/api-keys';
import { beginIdempotent, completeIdempotent, releaseIdempotent, requestHash, type StoredAnswer } from '../services/public-api';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An /api/v1 route that reads multipart uploads and starts the Idempotency-Key itself once the parts are read
     * (startUploadIdempotency): the tool routes. On other routes a multipart POST with an Idempotency-Key is refused.
     */
    idempotentUploads?: boolean;
  }
  interface FastifyRequest {
    /** The Idempotency-Key of this /api/v1 POST and how far it got; null when the request has none. */
    idempotency: IdempotencyState | null;
  }
}

interface IdempotencyState {
  apiKeyId: string;
  key: string;
  /** Set once the key is taken (beginIdempotent); a multipart request's is set by its handler. */
  hash: string | null;
  /** 'replayed': this answer is the stored copy; 'settled': stored or released already. */
  phase: 'waiting' | 'running' | 'replayed' | 'settled';
}

const isV1 = (url: string) => url === API_V1_PREFIX || url.startsWith(`${API_V1_PREFIX}/`);

/**
 * The public API's request rules that are not one route's business:
 *
 * - a web route (/api, not /api/v1) answers a Veritext API key with 401 `use_api_v1`: keys work on /api/v1 only,
 *   and the web routes read only the session cookie (other Authorization schemes, e.g. a staging proxy's Basic
 *   credentials, are left alone);
 * - Idempotency-Key on POST to /api/v1: a JSON (or empty) body is hashed here, before the handler runs, and a
 *   retry is answered from the stored copy; a multipart upload to a tool is hashed by the tool route once its
 *   parts are read (the parts, not the raw body, whose boundary changes on every retry). The first answer is kept
 *   when it succeeded (2xx/3xx) and released when it failed, so a retry of a failure runs again.
 */
export function registerPublicApi(app: FastifyInstance): void {
  app.decorateRequest('apiKey', null);
  app.decorateRequest('idempotency', null);

  app.addHook('onRequest', async (req) => {
    if (!req.url.startsWith('/api/') || isV1(req.url)) return;
    const key = bearerKey(req.headers.authorization);
    if (key === null || !key.startsWith(API_KEY_PREFIX)) return;
    const path = req.url.split('?')[0];
    const v1 = path.startsWith('/api/tools/') ? `${API_V1_PREFIX}/tools/${path.slice('/api/tools/'.length)}` : `${API_V1_PREFIX}/…`;
    throw new AppError(
      'use_api_v1',
      `API keys are accepted only by the public API: send this request to ${v1} (see /developers). The website's routes use the login session.`,
    );
  });

  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'POST' || req.routeOptions.config?.access !== 'apikey') return;
    const header = req.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const parsed = IdempotencyKey.safeParse(Array.isArray(header) ? header.join(',') : header);
    if (!parsed.success) throw new AppError('bad_request', parsed.error.issues[0].message);
    if (String(req.headers.accept ?? '').includes('text/event-stream')) {
      throw new AppError(
        'bad_request',
        'An Idempotency-Key cannot be used with a streamed answer (Accept: text/event-stream): ask for JSON to make the request safe to retry.',
      );
    }
    const auth = req.apiKey;
    if (!auth) return; // the access check refused it already
    req.idempotency = { apiKeyId: auth.apiKeyId, key: parsed.data, hash: null, phase: 'waiting' };
    if (req.isMultipart()) {
      if (!req.routeOptions.config?.idempotentUploads)
        throw new AppError('bad_request', 'This endpoint does not take an Idempotency-Key with a multipart upload.');
      return; // the tool route starts it once the parts are read
    }
    const body = req.body === undefined ? '' : typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    if (await startIdempotency(req, reply, requestHash(req.method, req.url, body))) return reply;
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const state = req.idempotency;
    if (!state || state.phase !== 'running' || !state.hash) return payload;
    state.phase = 'settled';
    const { ctx } = req.server;
    const answer = reply.statusCode < 400 ? storable(reply, payload) : null;
    if (answer) await completeIdempotent(ctx, state.apiKeyId, state.key, state.hash, reply.statusCode, answer);
    else await releaseIdempotent(ctx, state.apiKeyId, state.key, state.hash);
    return payload;
  });

  // An answer that never got to onSend (the client went away, a hook failed): let a retry run again.
  app.addHook('onResponse', async (req) => {
    const state = req.idempotency;
    if (!state || state.phase !== 'running' || !state.hash) return;
    state.phase = 'settled';
    await releaseIdempotent(req.server.ctx, state.apiKeyId, state.key, state.hash).catch((err) => req.log.warn({ err }, 'idempotency key not released'));
  });
}

/**
 * Take the request's Idempotency-Key with this request hash: answer a retry from the stored copy (true, the reply
 * is sent) or let the request run (false). Called by the preHandler for JSON bodies and by the tool routes for
 * uploads; a request without the header runs as usual.
 */
export async function startIdempotency(req: FastifyRequest, reply: FastifyReply, hash: string): Promise<boolean> {
  const state = req.idempotency;
  if (!state || state.phase !== 'waiting') return false;
  const start = await beginIdempotent(req.server.ctx, state.apiKeyId, state.key, hash);
  state.hash = hash;
  if (start.kind === 'new') {
    state.phase = 'running';
    return false;
  }
  state.phase = 'replayed';
  const { answer } = start;
  reply.code(start.status).header('content-type', answer.contentType).header('cache-control', 'no-store').header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentDisposition) reply.header('content-disposition', answer.contentDisposition);
  reply.send(answer.base64 !== undefined ? Buffer.from(answer.base64, 'base64') : (answer.text ?? ''));
  return true;
}

/** The hash of an upload's parts (its validated fields and the digest of its file), for startIdempotency. */
export function uploadHash(req: FastifyRequest, fields: unknown, file: Buffer | null): string {
  const digest = file ? createHash('sha256').update(file).digest('hex') : '';
  return requestHash(req.method, req.url, `${JSON.stringify(fields)}\n${digest}`);
}

/**
 * The answer as kept for retries, or null when it cannot be replayed (a stream), which releases the key instead. A
 * text answer is kept as its exact string (a jsonb object would reorder its keys), a file as base64.
 */
function storable(reply: FastifyReply, payload: unknown): StoredAnswer | null {
  const contentType = String(reply.getHeader('content-type') ?? 'application/octet-stream');
  const disposition = reply.getHeader('content-disposition');
  const extra = disposition ? { contentDisposition: String(disposition) } : {};
  if (typeof payload === 'string') return { contentType, text: payload, ...extra };
  if (Buffer.isBuffer(payload)) return { contentType, base64: payload.toString('base64'), ...extra };
  return null;
}
