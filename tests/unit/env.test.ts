import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv, publicOrigin } from '../../src/server/env';

function errorOf(source: Record<string, string>): EnvError {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return err as EnvError;
  }
  throw new Error('parseEnv accepted ' + JSON.stringify(source));
}

describe('parseEnv', () => {
  it('has sensible defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.NODE_ENV).toBe('development');
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.COOKIE_SECRET).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.SEED_DEMO_USERS).toBe(false);
    expect(env.GOOGLE_ISSUER).toBe('https://accounts.google.com');
    expect(publicOrigin(env)).toBe('http://localhost:3000');
  });

  it('reads the grammar settings: preload on by default, harper workers 1..4 or automatic', () => {
    expect(parseEnv({}).GRAMMAR_PRELOAD).toBe(true);
    expect(parseEnv({ GRAMMAR_PRELOAD: 'false' }).GRAMMAR_PRELOAD).toBe(false);
    expect(parseEnv({ GRAMMAR_HARPER_WORKERS: '' }).GRAMMAR_HARPER_WORKERS).toBeUndefined();
    expect(parseEnv({ GRAMMAR_HARPER_WORKERS: '2' }).GRAMMAR_HARPER_WORKERS).toBe(2);
    expect(errorOf({ GRAMMAR_HARPER_WORKERS: '0' }).message).toContain('GRAMMAR_HARPER_WORKERS');
    expect(errorOf({ GRAMMAR_HARPER_WORKERS: 'many' }).message).toContain('GRAMMAR_HARPER_WORKERS');
  });

  it('treats empty strings (as copied from .env.example) as unset', () => {
    const env = parseEnv({
      APP_ORIGIN: '',
      DATABASE_URL: '',
      COOKIE_SECRET: '',
      SMTP_URL: '',
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      TRUST_PROXY: '',
    });
    expect(env.APP_ORIGIN).toBeUndefined();
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.GOOGLE_CLIENT_ID).toBeUndefined();
    expect(env.TRUST_PROXY).toBe(false);
  });

  it('reads valid values', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      PORT: '8080',
      APP_ORIGIN: 'https://veritext.example.org',
      DATABASE_URL: 'postgresql://u:p@db:5432/veritext',
      TRUST_PROXY: 'true',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(env.PORT).toBe(8080);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.DATABASE_URL).toBe('postgresql://u:p@db:5432/veritext');
    expect(publicOrigin(env)).toBe('https://veritext.example.org');
  });

  it.each(['abc', '70000', '-1', '3.5'])('rejects PORT=%s naming the variable', (port) => {
    const err = errorOf({ PORT: port });
    expect(err.message).toMatch(/PORT/);
    expect(err.message).toMatch(/^Invalid configuration:/);
  });

  it('rejects a DATABASE_URL that is not postgres://', () => {
    const err = errorOf({ DATABASE_URL: 'mysql://localhost/db' });
    expect(err.message).toContain('DATABASE_URL');
    expect(err.message).toContain('DATABASE_URL must start with postgres:// or postgresql://');
  });

  it('rejects only one of the two Google variables', () => {
    for (const source of [{ GOOGLE_CLIENT_ID: 'id' }, { GOOGLE_CLIENT_SECRET: 'secret' }] as Record<string, string>[]) {
      const err = errorOf(source);
      expect(err.message).toMatch(/GOOGLE_CLIENT_SECRET/);
      expect(err.message).toMatch(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    }
  });

  it('rejects a bad APP_ORIGIN, short COOKIE_SECRET, bad SMTP_URL and unknown NODE_ENV, one line each', () => {
    const err = errorOf({ APP_ORIGIN: 'not a url', COOKIE_SECRET: 'short', SMTP_URL: 'http://mail', NODE_ENV: 'staging' });
    for (const name of ['APP_ORIGIN', 'COOKIE_SECRET', 'SMTP_URL', 'NODE_ENV']) expect(err.message).toMatch(new RegExp(`- ${name}: `));
    expect(err.message).toContain('COOKIE_SECRET must be at least 32 characters');
    expect(err.message).toContain('.env.example');
  });
});
