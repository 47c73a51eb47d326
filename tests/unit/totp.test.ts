import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totp, totpStep } from '../../src/server/services/totp';

// RFC 6238 appendix B: 8-digit codes, with the seed repeated to each algorithm's key length.
const SEEDS = {
  sha1: Buffer.from('12345678901234567890', 'ascii'),
  sha256: Buffer.from('12345678901234567890123456789012', 'ascii'),
  sha512: Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii'),
};
const VECTORS: [number, string, string, string][] = [
  // seconds since the epoch, SHA-1, SHA-256, SHA-512
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC test vectors at T=%i', (seconds, sha1, sha256, sha512) => {
    const ms = seconds * 1000;
    expect(totp(SEEDS.sha1, ms, { digits: 8, algorithm: 'sha1' })).toBe(sha1);
    expect(totp(SEEDS.sha256, ms, { digits: 8, algorithm: 'sha256' })).toBe(sha256);
    expect(totp(SEEDS.sha512, ms, { digits: 8, algorithm: 'sha512' })).toBe(sha512);
  });

  it('matches the RFC 4226 HOTP vectors (6 digits, SHA-1)', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
    expected.forEach((code, counter) => expect(hotp(SEEDS.sha1, counter)).toBe(code));
  });

  it('defaults to what authenticator apps use: SHA-1, 6 digits, 30-second steps', () => {
    expect(totp(SEEDS.sha1, 59_000)).toBe('287082');
    expect(totpStep(59_000)).toBe(1);
    expect(totpStep(60_000)).toBe(2);
  });

  it('accepts a code one step either side of now, and no further; returns the step that matched', () => {
    const now = 1_234_567_890_000;
    const step = totpStep(now);
    for (const d of [-1, 0, 1]) expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step + d), now)).toBe(step + d);
    for (const d of [-2, 2]) expect(matchTotp(SEEDS.sha1, hotp(SEEDS.sha1, step + d), now)).toBeNull();
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 12345']) expect(matchTotp(SEEDS.sha1, bad, now)).toBeNull();
  });

  it('round-trips base32 (RFC 4648 vectors, no padding) and builds the otpauth URI', () => {
    const cases: [string, string][] = [
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [raw, b32] of cases) {
      expect(base32Encode(Buffer.from(raw))).toBe(b32);
      expect(base32Decode(b32).toString()).toBe(raw);
    }
    expect(base32Decode('mzxw 6ytb-oi======').toString()).toBe('foobar');
    expect(() => base32Decode('M1')).toThrow();
    const text = otpauthUri('GEZDGNBV', 'ann@example.com', 'Veritext');
    expect(text.startsWith('otpauth://totp/Veritext%3Aann%40example.com?')).toBe(true);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({ secret: 'GEZDGNBV', issuer: 'Veritext', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});
