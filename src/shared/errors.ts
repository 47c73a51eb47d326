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
