import { createHash, randomBytes } from 'node:crypto';

/** 256-bit random token, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as this hash; the raw token lives in the cookie or e-mail link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
