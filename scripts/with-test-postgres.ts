/**
 * Run a command (by default the API tests) against PostgreSQL instead of in-memory PGlite:
 *
 *   npm run test:api:pg
 *   tsx scripts/with-test-postgres.ts vitest run tests/api/auth.test.ts
 *
 * TEST_DATABASE_URL (else DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres) names a
 * server and a database to connect to; every test file creates its own vt_test_* database there
 * and drops it afterwards, so the named database itself is never written to. The role needs
 * CREATEDB.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const root = fileURLToPath(new URL('..', import.meta.url));

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}

async function checkServer(url: string): Promise<string | null> {
  if (!/^postgres(ql)?:\/\//.test(url)) return `TEST_DATABASE_URL must start with postgres:// or postgresql:// (got ${redact(url)})`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    const { rows } = await client.query<{ can: boolean; version: string }>(
      `select (rolcreatedb or rolsuper) as can, current_setting('server_version') as version from pg_roles where rolname = current_user`,
    );
    if (!rows[0]?.can) return `The role used by ${redact(url)} may not create databases; the tests need CREATEDB (ALTER ROLE ... CREATEDB).`;
    const major = Number(rows[0].version.split('.')[0]);
    if (major < 13) return `PostgreSQL ${rows[0].version} is too old for the tests (DROP DATABASE ... WITH (FORCE) needs 13+).`;
    return null;
  } catch (err) {
    return `Cannot reach PostgreSQL at ${redact(url)}: ${(err as Error).message}\nStart a server, or point TEST_DATABASE_URL at one (e.g. postgres://user:pass@host:5432/postgres).`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Prefer the project's own binary (node_modules/.bin) so `vitest` works without npx. */
function resolveCommand(cmd: string): string {
  const local = join(root, 'node_modules', '.bin', cmd);
  return existsSync(local) ? local : cmd;
}

async function main(): Promise<void> {
  const [cmd, ...args] = process.argv.slice(2);
  if (!cmd) {
    console.error('Usage: tsx scripts/with-test-postgres.ts <command> [args...]   e.g. vitest run tests/api');
    process.exit(2);
  }
  const url = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || DEFAULT_URL;
  const problem = await checkServer(url);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.error(`Using PostgreSQL at ${redact(url)} (each test file gets its own vt_test_* database).`);

  // The tests choose the engine from TEST_DATABASE_URL; DATABASE_URL is cleared so nothing else picks it up.
  const env = { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: '' };
  const child = spawn(resolveCommand(cmd), args, { stdio: 'inherit', env });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  process.on('SIGINT', forward('SIGINT'));
  process.on('SIGTERM', forward('SIGTERM'));
  child.on('error', (err) => {
    console.error(`Could not run ${cmd}: ${err.message}`);
    process.exit(127);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + (signalNumber(signal) ?? 0) : 1)));
}

function signalNumber(signal: NodeJS.Signals): number | undefined {
  return ({ SIGINT: 2, SIGTERM: 15, SIGKILL: 9, SIGHUP: 1 } as Record<string, number>)[signal];
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
