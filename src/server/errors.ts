import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ErrorBody, ErrorCode } from '../shared/errors';

/** The one place that maps error codes to HTTP statuses. */
export const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  bad_request: 400,
  invalid_token: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  forbidden: 403,
  csrf_rejected: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  word_limit_exceeded: 413,
  unprocessable: 422,
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    let appErr: AppError | null = null;
    if (err instanceof AppError) appErr = err;
    else if (err instanceof ZodError) appErr = fromZod(err);
    else appErr = fromFastify(err as FastifyError);

    if (!appErr) {
      // Unknown failure: log it with the request id, never leak the stack to the client.
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(errorBody('internal', 'Something went wrong on our side. Please try again.'));
    }
    if (appErr.headers) reply.headers(appErr.headers);
    return reply.status(appErr.status).send(errorBody(appErr.code, appErr.message, appErr.fields));
  });
}
