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
      TRUST_PROXY: '1',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(env.PORT).toBe(8080);
    expect(env.TRUST_PROXY).toBe(1);
    expect(env.DATABASE_URL).toBe('postgresql://u:p@db:5432/veritext');
    expect(publicOrigin(env)).toBe('https://veritext.example.org');
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and never as "trust all"', () => {
    expect(parseEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,fd00::/8,loopback' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback']);
    for (const value of ['true', 'TRUE', 'yes']) {
      const err = errorOf({ TRUST_PROXY: value });
      expect(err.message).toMatch(/- TRUST_PROXY: /);
      // The message says what to write instead.
      expect(err.message).toMatch(/number of proxies.*e\.g\. 1/);
      expect(err.message).toMatch(/CIDR/);
    }
    // A /0 network is every address: "trust all" in disguise.
    for (const value of ['0.0.0.0/0', '::/0', 'proxy.example', '10.0.0.0/33', '999.1.1.1'])
      expect(errorOf({ TRUST_PROXY: value }).message).toMatch(/- TRUST_PROXY: /);
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
