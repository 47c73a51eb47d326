import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226 HOTP), with node:crypto only. Authenticator
 * apps expect SHA-1, 6 digits and a 30-second step; the other algorithms exist for the RFC's test vectors.
 */
export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';
export interface TotpOptions {
  digits?: number;
  stepSeconds?: number;
  algorithm?: TotpAlgorithm;
}
const DEFAULTS = { digits: 6, stepSeconds: 30, algorithm: 'sha1' as TotpAlgorithm };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: the form authenticator apps accept for secrets. */
export function base32Encode(buf: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of buf) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(s: string): Buffer {
  const clean = s.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const i = ALPHABET.indexOf(ch);
    if (i < 0) throw new Error('invalid base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** RFC 4226: HMAC of the 8-byte big-endian counter, dynamically truncated to `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = 6, algorithm: TotpAlgorithm = 'sha1'): string {
  const msg = Buffer.alloc(8);
  msg.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(msg).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const bin = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(bin % 10 ** digits).padStart(digits, '0');
}

/** The time step (counter) that `timeMs` falls in. */
export function totpStep(timeMs: number, stepSeconds = DEFAULTS.stepSeconds): number {
  return Math.floor(timeMs / 1000 / stepSeconds);
}

export function totp(key: Buffer, timeMs: number, opts: TotpOptions = {}): string {
  const o = { ...DEFAULTS, ...opts };
  return hotp(key, totpStep(timeMs, o.stepSeconds), o.digits, o.algorithm);
}

/**
 * The step whose code `code` is, within ±`window` steps of `timeMs` (clock drift between phone and
 * server), or null. Callers store the returned step to refuse a replay of the same code.
 */
export function matchTotp(key: Buffer, code: string, timeMs: number, window = 1, opts: TotpOptions = {}): number | null {
  const o = { ...DEFAULTS, ...opts };
  if (!new RegExp(`^\\d{${o.digits}}$`).test(code)) return null;
  const now = totpStep(timeMs, o.stepSeconds);
  const given = Buffer.from(code);
  let found: number | null = null;
  // Every candidate is compared (no early exit), in constant time.
  for (let step = now - window; step <= now + window; step++) {
    if (timingSafeEqual(Buffer.from(hotp(key, step, o.digits, o.algorithm)), given) && found === null) found = step;
  }
  return found;
}

/** The otpauth:// URI authenticator apps import (as a QR code or pasted text). */
export function otpauthUri(secretBase32: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({ secret: secretBase32, issuer, algorithm: 'SHA1', digits: '6', period: '30' });
  return `otpauth://totp/${label}?${params.toString()}`;
}
