/**
 * Every error the API can answer with. The body is always
 * `{ error: { code, message }, message }` (older clients read the top-level `message`).
 */
export const ERROR_CODES = [
  'validation_failed',
  'bad_request',
  'unauthorized',
  'invalid_credentials',
  'invalid_api_key',
  /** /api/v1 without `Authorization: Bearer <key>` (a session cookie is not accepted there). */
  'api_key_required',
  /** A key past its expiry. */
  'api_key_expired',
  /** An API key sent to a web route: keys work on /api/v1 only. */
  'use_api_v1',
  /** A key used on a tool outside its scopes. */
  'scope',
  /** An Idempotency-Key reused with another request. */
  'idempotency_mismatch',
  /** A retry while the first request with its Idempotency-Key still runs. */
  'idempotency_in_progress',
  'forbidden',
  'csrf_rejected',
  'not_found',
  'conflict',
  'payload_too_large',
  'word_limit_exceeded',
  'limit_reached',
  'quota_exceeded',
  'unsupported_media_type',
  'rate_limited',
  'invalid_token',
  'not_configured',
  'llm_not_configured',
  'upstream_failed',
  'upstream_timeout',
  'unprocessable',
  /** A URL the server will not fetch (private, loopback, link-local or reserved address; not http(s); another port). */
  'url_not_allowed',
  /** A URL the server tried and failed to fetch (no such host, an error status, not HTML, too slow, too many redirects). */
  'url_fetch_failed',
  /** A fetched page over the size limit. */
  'url_too_large',
  'service_unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorBody {
  error: { code: ErrorCode; message: string; fields?: Record<string, string> };
  message: string;
}
