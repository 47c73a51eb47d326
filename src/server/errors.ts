import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, sqlState } from '../db/client';
import type { ErrorBody, ErrorCode } from '../shared/errors';

/** The one place that maps error codes to HTTP statuses. */
export const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  invalid_token: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  /** A Bearer API key that is unknown, malformed or revoked. */
  invalid_api_key: 401,
  api_key_required: 401,
  api_key_expired: 401,
  use_api_v1: 401,
  forbidden: 403,
  /** An API key used outside its scopes. */
  scope: 403,
  csrf_rejected: 403,
  not_found: 404,
  conflict: 409,
  idempotency_in_progress: 409,
  payload_too_large: 413,
  word_limit_exceeded: 413,
  unprocessable: 422,
  idempotency_mismatch: 422,
  url_not_allowed: 422,
  url_fetch_failed: 422,
  url_too_large: 422,
  unsupported_media_type: 415,
  rate_limited: 429,
  limit_reached: 429,
  /** The plan's character allowance and the pack credits are spent: paying more would help. */
  quota_exceeded: 402,
  internal: 500,
  not_configured: 503,
  llm_not_configured: 503,
  upstream_failed: 502,
  upstream_timeout: 504,
  service_unavailable: 503,
};

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
    public readonly fields?: Record<string, string>,
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return STATUS[this.code];
  }
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ErrorBody {
  return { error: fields ? { code, message, fields } : { code, message }, message };
}

export function fromZod(err: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.join('.') || '_';
    fields[key] ??= issue.message;
  }
  const first = err.issues[0];
  return new AppError('validation_failed', first?.message ?? 'Invalid request', fields);
}

/** Fastify's own errors (bad JSON, body too large, wrong content type) mapped onto our codes. */
function fromFastify(err: FastifyError): AppError | null {
  const status = err.statusCode ?? 500;
  if (status >= 500) return null;
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return new AppError('payload_too_large', 'The request body is too large.');
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return new AppError('unsupported_media_type', 'Unsupported content type.');
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError)
    return new AppError('bad_request', 'The request body is not valid JSON.');
  if (status === 429) return new AppError('rate_limited', err.message);
  if (status === 404) return new AppError('not_found', err.message);
  return new AppError('bad_request', err.message);
}

/** Seconds a client (or a load balancer) is told to wait before retrying while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * A database that cannot be reached or cannot serve (connection refused or lost, pool timeout, shutdown, too many
 * connections) is a temporary condition of the whole instance, not a bug: 503 with Retry-After, so clients retry
 * and a load balancer can route elsewhere.
 */
export function databaseUnavailable(): AppError {
  return new AppError('service_unavailable', 'The service is temporarily unavailable. Please try again in a few seconds.', undefined, {
    'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
  });
}

/** Any thrown value as the AppError it is answered with, or null for an unexpected failure (a generic 500). */
export function toAppError(err: unknown): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZod(err);
  if (isDatabaseUnavailable(err)) return databaseUnavailable();
  // The database refuses a NUL character in text (22021) or JSON (22P05); the request hook refuses JSON carrying one,
  // so this catches text from elsewhere (an uploaded file's fields) as the same 400 rather than a 500.
  const state = sqlState(err);
  if (state === '22021' || state === '22P05') return new AppError('validation_failed', 'Text fields cannot contain NUL characters.');
  return fromFastify(err as FastifyError);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const appErr = toAppError(err);
    if (appErr?.code === 'service_unavailable' && !(err instanceof AppError)) req.log.warn({ err }, 'database unavailable');

    if (!appErr) {
      // Unknown failure: log it with the request id, never leak the stack to the client.
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
    }
    if (appErr.headers) reply.headers(appErr.headers);
    return reply.status(appErr.status).send(errorBody(appErr.code, appErr.message, appErr.fields));
  });
}
